import { AppError } from "../../errors.ts";
import { User } from "../../models/User.ts";
import type { Actor } from "../../policies/actor.ts";
import { recordAudit } from "../audit/record.ts";
import type { Scope } from "../scope.ts";

/** What happened to a sign-in attempt, as the audit log names it. */
export type SignInOutcome = "user.signed_in" | "user.sign_in_failed" | "user.sign_in_delayed";

/**
 * Records a sign-in attempt in the audit log with who and from where (the address is the entry's, the
 * browser in `after`): the account's user when the address belongs to one, else the address tried
 * (platform administrators see those). Never the password.
 */
export async function recordSignIn(
  scope: Scope,
  outcome: SignInOutcome,
  attempt: { email: string; user?: User | null | undefined; actor?: Actor; reason?: string },
): Promise<void> {
  const user =
    attempt.user === undefined ? await User.query(scope.db).findOne({ emailNormalized: attempt.email }) : attempt.user;
  await recordAudit(
    scope.db,
    { ...scope, actor: attempt.actor },
    {
      action: outcome,
      subjectType: "user",
      subjectId: user?.id ?? null,
      accountId: user?.accountId ?? null,
      after: {
        ...(user ? {} : { email: attempt.email }),
        ...(attempt.reason ? { reason: attempt.reason } : {}),
        userAgent: scope.userAgent,
      },
    },
  );
}

/** Runs `work`, recording a refusal to wait (429) as a delayed sign-in before passing it on. */
export async function recordingDelays<T>(scope: Scope, email: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === "too_many_attempts")
      await recordSignIn(scope, "user.sign_in_delayed", { email });
    throw error;
  }
}
