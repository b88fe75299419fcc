import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { MailRequest } from "../../mail/mailer.ts";
import { Account } from "../../models/Account.ts";
import { User } from "../../models/User.ts";
import { recordAudit } from "../audit/record.ts";
import { issueLinkToken, TOKEN_LIFETIME_MS } from "../auth/oneTimeTokens.ts";
import type { Scope } from "../scope.ts";
import { authorizeUserManagement } from "./authorize.ts";

const DAY_MS = 24 * 60 * 60_000;
/** Shown as the account's name to invited platform administrators, who belong to none. */
export const PLATFORM_NAME = "Tessera";

/** The sign-in app's page that completes an invitation (POST /auth/register-admin consumes the token). */
export function registrationLink(publicUrl: string, language: string, token: string): string {
  return `${publicUrl}/${language}/admin/register-admin?token=${encodeURIComponent(token)}`;
}

async function inviterName(trx: Knex.Transaction, scope: Scope, accountName: string): Promise<string> {
  const actor = scope.actor;
  if (actor?.kind === "user") return `${actor.user.firstName} ${actor.user.lastName}`.trim();
  if (actor?.kind === "apiKey") {
    const account = await Account.query(trx).findById(actor.accountId);
    return account?.name ?? accountName;
  }
  return accountName;
}

/**
 * Issues a fresh registration token for a user who has not registered yet (earlier links stop
 * working), records `user.invited`, and returns the email to send once the transaction commits,
 * so no mail leaves for a change that is rolled back.
 */
export async function prepareInvitation(trx: Knex.Transaction, scope: Scope, user: User): Promise<MailRequest> {
  if (user.registeredAt !== null) throw new AppError("already_registered", 409);
  const account = user.accountId ? await Account.query(trx).findById(user.accountId) : undefined;
  const accountName = account?.name ?? PLATFORM_NAME;
  const token = await issueLinkToken(trx, user.id, "registration");
  const validDays = Math.round(TOKEN_LIFETIME_MS.registration / DAY_MS);
  await recordAudit(trx, scope, {
    action: "user.invited",
    subjectType: "user",
    subjectId: user.id,
    accountId: user.accountId,
    after: { email: user.email, language: user.language, validDays },
  });
  return {
    to: user.email,
    template: "invitation",
    language: user.language,
    data: {
      firstName: user.firstName,
      accountName,
      inviterName: await inviterName(trx, scope, accountName),
      link: registrationLink(scope.deps.config.publicUrl, user.language, token),
      validDays,
    },
  };
}

/** Queues the invitation email (the job queue retries while the mail server is down). */
export async function deliverInvitation(scope: Scope, mail: MailRequest): Promise<void> {
  await scope.deps.mail.send(mail);
}

/**
 * Emails (again) an invitation to a user who has not registered yet; `accountId` scopes the lookup
 * and the right needed (users.manage there; null: any user, for platform administrators). Unknown or
 * out-of-scope users are 404.
 */
export async function reinviteUser(scope: Scope, userId: string, where: { accountId: string | null }): Promise<void> {
  authorizeUserManagement(scope.actor, where);
  const mail = await scope.db.transaction(async (trx) => {
    const query = User.query(trx).findById(userId);
    if (where.accountId) query.where({ accountId: where.accountId });
    const user = await query;
    if (!user) throw AppError.notFound();
    return prepareInvitation(trx, scope, user);
  });
  await deliverInvitation(scope, mail);
}
