import type { PasswordChange, ProfileUpdate } from "@tessera/shared";
import type { ApiContext } from "../../http/context.ts";
import { AppError } from "../../errors.ts";
import { Session } from "../../models/Session.ts";
import { User } from "../../models/User.ts";
import type { Actor } from "../../policies/actor.ts";
import { changedFields, recordAudit } from "../audit/record.ts";
import { requireMatchingConfirmation } from "../auth/auth.ts";
import { beginSignInAttempt } from "../auth/loginThrottle.ts";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";

type UserActor = Extract<Actor, { kind: "user" }>;

/** The profile belongs to a signed-in user: an API key has none (403). */
export function profileActor(ctx: ApiContext): UserActor {
  const actor = ctx.state.actor;
  if (!actor) throw AppError.unauthenticated();
  if (actor.kind !== "user") throw AppError.forbidden();
  return actor;
}

/** Names (trimmed; spaces only count as missing) and language of the signed-in user. */
export async function updateProfile(ctx: ApiContext, patch: ProfileUpdate): Promise<User> {
  const actor = profileActor(ctx);
  const values: Partial<Pick<User, "firstName" | "lastName" | "language">> = {};
  const missing: string[] = [];
  for (const field of ["firstName", "lastName"] as const) {
    const value = patch[field]?.trim();
    if (value === "") missing.push(field);
    else if (value !== undefined) values[field] = value;
  }
  if (missing.length) throw AppError.invalid(missing.map((field) => ({ field, code: "required" })));
  if (patch.language) values.language = patch.language;
  return ctx.deps.db.transaction(async (trx) => {
    const user = await User.query(trx).findById(actor.id);
    if (!user) throw AppError.notFound();
    const current = { firstName: user.firstName, lastName: user.lastName, language: user.language };
    const changes = changedFields(current, { ...current, ...values });
    if (!changes) return user;
    const updated = await User.query(trx).patchAndFetchById(user.id, values);
    await recordAudit(trx, ctx, {
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
export async function changePassword(ctx: ApiContext, input: PasswordChange): Promise<void> {
  const actor = profileActor(ctx);
  requireMatchingConfirmation(input.password, input.confirmation);
  const { db } = ctx.deps;
  const user = await User.query(db).findById(actor.id);
  if (!user) throw AppError.notFound();
  const attempt = await beginSignInAttempt(ctx.deps, user.emailNormalized, ctx.ip || "unknown");
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    await attempt.failed();
    throw AppError.invalid([{ field: "currentPassword", code: "wrong_current_password" }]);
  }
  await attempt.succeeded();
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (trx) => {
    const now = new Date();
    await User.query(trx).patch({ passwordHash, passwordChangedAt: now }).where({ id: user.id });
    await Session.query(trx)
      .patch({ revokedAt: now })
      .where({ userId: user.id })
      .whereNot({ id: actor.sessionId })
      .whereNull("revokedAt");
    await recordAudit(trx, ctx, {
      action: "user.password_changed",
      subjectType: "user",
      subjectId: user.id,
      accountId: user.accountId,
      after: { passwordChangedAt: now },
    });
  });
}
