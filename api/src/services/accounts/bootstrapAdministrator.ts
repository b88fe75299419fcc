import { AppError } from "../../errors.ts";
import { normalizeEmail, User } from "../../models/User.ts";
import { recordAudit } from "../audit/record.ts";
import { issueLinkToken } from "../auth/oneTimeTokens.ts";
import type { Scope } from "../scope.ts";

/**
 * The first platform administrator of an installation, created from the command line
 * (`npm run create-admin`) when nobody can sign in yet: no actor authorizes it, the shell does. Answers
 * the one-week link that completes the registration (printed, not emailed: the mail may not be set up).
 */
export async function bootstrapAdministrator(
  scope: Scope,
  input: { email: string; firstName: string; lastName: string },
): Promise<{ user: User; registrationLink: string }> {
  const email = input.email.trim();
  return scope.db.transaction(async (trx) => {
    const emailNormalized = normalizeEmail(email);
    if (await User.query(trx).findOne({ emailNormalized, accountId: null })) throw new AppError("email_taken", 409);
    const user = await User.query(trx).insertAndFetch({
      accountId: null,
      email,
      emailNormalized,
      firstName: input.firstName,
      lastName: input.lastName,
      role: "administrator",
      language: "en",
      passwordHash: null,
      isActive: true,
    });
    await recordAudit(trx, scope, {
      action: "user.created",
      subjectType: "user",
      subjectId: user.id,
      accountId: null,
      after: { email, role: "administrator", via: "create-admin" },
    });
    const token = await issueLinkToken(trx, user.id, "registration");
    return { user, registrationLink: `${scope.deps.config.publicUrl}/en/admin/register-admin?token=${token}` };
  });
}
