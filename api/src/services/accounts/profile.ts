import type { PasswordChange, ProfileUpdate } from "@tessera/shared";
import { AppError } from "../../errors.ts";
import { Session } from "../../models/Session.ts";
import { User } from "../../models/User.ts";
import type { Actor } from "../../policies/actor.ts";
import { changedFields, recordAudit } from "../audit/record.ts";
import { requireMatchingConfirmation } from "../auth/auth.ts";
import { beginSignInAttempt, clientAddressOf } from "../auth/loginThrottle.ts";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import { refuseWeakPassword } from "../auth/weakPasswords.ts";
import type { Scope } from "../scope.ts";

type UserActor = Extract<Actor, { kind: "user" }>;

/** The profile belongs to a signed-in user: an API key has none (403). */
function profileActor(scope: Scope): UserActor {
  const actor = scope.actor;
  if (!actor) throw AppError.unauthenticated();
  if (actor.kind !== "user") throw AppError.forbidden();
  return actor;
}

/** The signed-in user, as authenticated for this request. */
export function getProfile(scope: Scope): User {
  return profileActor(scope).user;
}

/** Names (trimmed; spaces only count as missing) and language of the signed-in user. */
export async function updateProfile(scope: Scope, patch: ProfileUpdate): Promise<User> {
  const actor = profileActor(scope);
  const values: Partial<Pick<User, "firstName" | "lastName" | "language" | "languageChosenAt">> = {};
  const missing: string[] = [];
  for (const field of ["firstName", "lastName"] as const) {
    const value = patch[field]?.trim();
    if (value === "") missing.push(field);
    else if (value !== undefined) values[field] = value;
  }
  if (missing.length) throw AppError.invalid(missing.map((field) => ({ field, code: "required" })));
  if (patch.language) values.language = patch.language;
  return scope.db.transaction(async (trx) => {
    const user = await User.query(trx).findById(actor.id);
    if (!user) throw AppError.notFound();
    const current = { firstName: user.firstName, lastName: user.lastName, language: user.language };
    const changes = changedFields(current, { ...current, ...values });
    // Choosing a language, even the one already set, makes the profile decide from now on.
    if (patch.language && !user.languageChosenAt) values.languageChosenAt = scope.clock.now();
    if (!changes) return values.languageChosenAt ? User.query(trx).patchAndFetchById(user.id, values) : user;
    const updated = await User.query(trx).patchAndFetchById(user.id, values);
    await recordAudit(trx, scope, {
      action: "user.profile_updated",
      subjectType: "user",
      subjectId: user.id,
      accountId: user.accountId,
      ...changes,
    });
    return updated;
  });
}

/**
 * A new password for the signed-in user, who proves the current one. Wrong guesses count against the
 * sign-in limits of the address (a stolen session cannot be used to find the password). Every other
 * session of the user ends; the one making the change stays signed in.
 */
export async function changePassword(scope: Scope, input: PasswordChange): Promise<void> {
  const actor = profileActor(scope);
  requireMatchingConfirmation(input.password, input.confirmation);
  const { db } = scope;
  const user = await User.query(db).findById(actor.id);
  if (!user) throw AppError.notFound();
  const attempt = await beginSignInAttempt(scope.deps, user.emailNormalized, clientAddressOf(scope));
  if (!(await verifyPassword(input.currentPassword, user.passwordHash, scope.deps.config.passwordHashCost))) {
    await attempt.failed();
    throw AppError.invalid([{ field: "currentPassword", code: "wrong_current_password" }]);
  }
  await attempt.succeeded();
  refuseWeakPassword(input.password, user);
  const passwordHash = await hashPassword(input.password, scope.deps.config.passwordHashCost);
  await db.transaction(async (trx) => {
    const now = scope.clock.now();
    await User.query(trx).patch({ passwordHash, passwordChangedAt: now }).where({ id: user.id });
    await Session.query(trx)
      .patch({ revokedAt: now })
      .where({ userId: user.id })
      .whereNot({ id: actor.sessionId })
      .whereNull("revokedAt");
    await recordAudit(trx, scope, {
      action: "user.password_changed",
      subjectType: "user",
      subjectId: user.id,
      accountId: user.accountId,
      after: { passwordChangedAt: now },
    });
  });
}
