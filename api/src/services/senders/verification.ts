import { SENDER_VERIFICATION_VALID_HOURS } from "@tessera/shared/schemas/senders";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { MailRequest } from "../../mail/mailer.ts";
import { Account } from "../../models/Account.ts";
import { SenderEmail } from "../../models/SenderEmail.ts";
import { recordAudit } from "../audit/record.ts";
import { randomToken, sha256 } from "../auth/sessions.ts";
import type { Scope } from "../scope.ts";

/*
 * A sender's verification (spec §3 sender email): a random token goes out in a link to the address, only its
 * SHA-256 is kept, and the link works 48 hours after it was sent. Opening the page shows what it is about;
 * its button verifies the address (the account's trail says so) and the token is forgotten, so a link works once.
 */

const VALID_MS = SENDER_VERIFICATION_VALID_HOURS * 60 * 60_000;

/** When a sender's current link stops working (null once verified or when none was sent). */
export function verificationExpiresAt(sender: Pick<SenderEmail, "verifiedAt" | "verificationSentAt">): Date | null {
  if (sender.verifiedAt || !sender.verificationSentAt) return null;
  return new Date(sender.verificationSentAt.getTime() + VALID_MS);
}

/** The web page a verification link opens, in the language the mail is written in. */
export function verificationLink(publicUrl: string, language: string, token: string): string {
  return `${publicUrl}/${language}/senders/verify/${encodeURIComponent(token)}`;
}

/**
 * Gives the sender a fresh token (earlier links stop working) and returns the mail carrying it, to send once the
 * transaction commits.
 */
export async function prepareVerificationMail(
  trx: Knex.Transaction,
  scope: Scope,
  sender: SenderEmail,
): Promise<{ sender: SenderEmail; mail: MailRequest }> {
  const token = randomToken("");
  const account = await Account.query(trx).findById(sender.accountId).throwIfNotFound();
  const updated = await SenderEmail.query(trx).patchAndFetchById(sender.id, {
    verificationTokenHash: sha256(token),
    verificationSentAt: scope.clock.now(),
  });
  const mail: MailRequest = {
    to: sender.email,
    template: "sender_verification",
    language: scope.language,
    data: {
      email: sender.email,
      accountName: account.name,
      link: verificationLink(scope.deps.config.publicUrl, scope.language, token),
      validHours: SENDER_VERIFICATION_VALID_HOURS,
    },
  };
  return { sender: updated, mail };
}

export interface SenderVerificationState {
  email: string;
  accountName: string;
  isVerified: boolean;
}

/** The pending sender of a link: 404 for an unknown or used token, 410 once its 48 hours are past. */
async function senderOfToken(db: Knex | Knex.Transaction, token: string, now: Date): Promise<SenderEmail> {
  const sender = await SenderEmail.query(db).findOne({ verificationTokenHash: sha256(token) });
  if (!sender || sender.verifiedAt) throw AppError.notFound();
  const expiresAt = verificationExpiresAt(sender);
  if (!expiresAt || expiresAt.getTime() <= now.getTime()) throw new AppError("sender_verification_expired", 410);
  return sender;
}

async function stateOf(db: Knex | Knex.Transaction, sender: SenderEmail): Promise<SenderVerificationState> {
  const account = await Account.query(db).findById(sender.accountId).throwIfNotFound();
  return { email: sender.email, accountName: account.name, isVerified: sender.verifiedAt !== null };
}

/** GET /public/senders/verify/{token}: what the link is about; never verifies. */
export async function senderVerificationState(scope: Scope, token: string): Promise<SenderVerificationState> {
  return stateOf(scope.db, await senderOfToken(scope.db, token, scope.clock.now()));
}

/** Marks the sender verified and forgets its token, with `sender.verified` in the account's trail. */
export async function markSenderVerified(
  trx: Knex.Transaction,
  scope: Scope,
  sender: SenderEmail,
  how: "link" | "administrator",
): Promise<SenderEmail> {
  const verified = await SenderEmail.query(trx).patchAndFetchById(sender.id, {
    verifiedAt: scope.clock.now(),
    verificationTokenHash: null,
  });
  await recordAudit(trx, scope, {
    action: "sender.verified",
    subjectType: "sender_email",
    subjectId: sender.id,
    accountId: sender.accountId,
    before: { email: sender.email, verifiedAt: null },
    after: { email: sender.email, verifiedAt: verified.verifiedAt, how },
  });
  return verified;
}

/** POST /public/senders/verify/{token}: the address is a verified sender of its account; the link stops working. */
export async function verifySenderByToken(scope: Scope, token: string): Promise<SenderVerificationState> {
  return scope.db.transaction(async (trx) => {
    const sender = await senderOfToken(trx, token, scope.clock.now());
    // Only one of two clicks at once verifies: the second finds the token gone.
    const claimed = await SenderEmail.query(trx)
      .patch({ verificationTokenHash: null })
      .where({ id: sender.id, verificationTokenHash: sender.verificationTokenHash })
      .whereNull("verifiedAt");
    if (claimed !== 1) throw AppError.notFound();
    return stateOf(trx, await markSenderVerified(trx, scope, sender, "link"));
  });
}
