import type { SenderCreate } from "@tessera/shared/schemas/senders";
import { isUniqueViolation } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { SenderEmail } from "../../models/SenderEmail.ts";
import { actorUserId } from "../../policies/actor.ts";
import { authorizeInExistingAccount } from "../accounts/authorize.ts";
import { recordAudit } from "../audit/record.ts";
import type { Scope } from "../scope.ts";
import { markSenderVerified, prepareVerificationMail } from "./verification.ts";

/*
 * The account's sender emails (spec §3 sender email, §5 unique, §8 sender email already exists): editors and up
 * read them (a campaign's sender is picked among the verified ones); overseers add one (a verification mail goes
 * to it), send that mail again and delete one; platform administrators, who manage senders (spec §1), may also
 * mark one verified without its mail. Every change is in the account's trail.
 */

async function findSender(db: Knex | Knex.Transaction, accountId: string, id: string): Promise<SenderEmail> {
  const sender = await SenderEmail.query(db).findOne({ id, accountId });
  if (!sender) throw AppError.notFound();
  return sender;
}

/** GET senders: by address. */
export async function listSenders(scope: Scope, accountId: string): Promise<SenderEmail[]> {
  await authorizeInExistingAccount(scope, "senders.read", accountId);
  return SenderEmail.query(scope.db).where({ accountId }).orderBy("email");
}

/** POST senders: a pending sender and its verification mail; 409 sender_email_exists for an address it has. */
export async function createSender(scope: Scope, accountId: string, body: SenderCreate): Promise<SenderEmail> {
  await authorizeInExistingAccount(scope, "senders.manage", accountId);
  const email = body.email.trim().toLowerCase();
  const { sender, mail } = await scope.db.transaction(async (trx) => {
    if (await SenderEmail.query(trx).findOne({ accountId, email })) throw new AppError("sender_email_exists", 409);
    const created = await SenderEmail.query(trx)
      .insertAndFetch({
        accountId,
        email,
        name: body.name?.trim() || null,
        verifiedAt: null,
        verificationTokenHash: null,
        verificationSentAt: null,
        createdBy: actorUserId(scope.actor),
      })
      // Two creations of one address at once: the unique index refuses the second, with the same answer.
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new AppError("sender_email_exists", 409) : error;
      });
    await recordAudit(trx, scope, {
      action: "sender.created",
      subjectType: "sender_email",
      subjectId: created.id,
      accountId,
      after: { email: created.email, name: created.name },
    });
    return prepareVerificationMail(trx, scope, created);
  });
  await scope.deps.mail.send(mail);
  return sender;
}

/** POST senders/{id}/resend: a new link (earlier ones stop working); 409 once verified. */
export async function resendSenderVerification(scope: Scope, accountId: string, id: string): Promise<SenderEmail> {
  await authorizeInExistingAccount(scope, "senders.manage", accountId);
  const { sender, mail } = await scope.db.transaction(async (trx) => {
    const found = await findSender(trx, accountId, id);
    if (found.verifiedAt) throw new AppError("sender_already_verified", 409);
    return prepareVerificationMail(trx, scope, found);
  });
  await scope.deps.mail.send(mail);
  return sender;
}

/** POST senders/{id}/verify: platform administrators mark it verified (already verified: unchanged). */
export async function markVerifiedByAdministrator(scope: Scope, accountId: string, id: string): Promise<SenderEmail> {
  await authorizeInExistingAccount(scope, "senders.verify", accountId);
  return scope.db.transaction(async (trx) => {
    const sender = await findSender(trx, accountId, id);
    if (sender.verifiedAt) return sender;
    return markSenderVerified(trx, scope, sender, "administrator");
  });
}

/** DELETE senders/{id}. */
export async function deleteSender(scope: Scope, accountId: string, id: string): Promise<void> {
  await authorizeInExistingAccount(scope, "senders.manage", accountId);
  await scope.db.transaction(async (trx) => {
    const sender = await findSender(trx, accountId, id);
    await SenderEmail.query(trx).deleteById(sender.id);
    await recordAudit(trx, scope, {
      action: "sender.deleted",
      subjectType: "sender_email",
      subjectId: sender.id,
      accountId,
      before: { email: sender.email, name: sender.name, verifiedAt: sender.verifiedAt },
    });
  });
}
