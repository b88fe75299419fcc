import { CAPABILITIES } from "@tessera/shared";
import { authContracts as auth } from "@tessera/shared/contracts/auth";
import { AppError } from "../../../errors.ts";
import { clearSessionCookies, setSessionCookies } from "../../middleware/cookies.ts";
import type { Actor } from "../../../policies/actor.ts";
import { presentAccount } from "../../presenters/account.ts";
import { presentUser } from "../../presenters/user.ts";
import {
  completeRegistration,
  describeInvitation,
  requestPasswordReset,
  resetPassword,
  sendSecondFactorCode,
  signIn,
  signOut,
} from "../../../services/auth/auth.ts";
import { findAccount } from "../../../services/accounts/accounts.ts";
import { route, type Route } from "../define.ts";

/** /auth/*: sign-in and sign-out, password reset, invitation completion, the signed-in user. */
export const authRoutes: Route[] = [
  route(auth.login, async (_scope, { body }, ctx) => {
    const { user, session, token } = await signIn(ctx, body);
    setSessionCookies(ctx, token, session.expiresAt);
    const actor: Actor = {
      kind: "user",
      id: user.id,
      role: user.role,
      accountId: user.accountId,
      user,
      sessionId: session.id,
      via: "bearer",
    };
    return { token, expiresAt: session.expiresAt.toISOString(), user: presentUser(user, actor) };
  }),
  route(auth.logout, async (_scope, _input, ctx) => {
    await signOut(ctx);
    clearSessionCookies(ctx);
    return { ok: true as const };
  }),
  route(auth.sendingToken, async (_scope, { body }, ctx) => sendSecondFactorCode(ctx, body)),
  route(auth.forgotPassword, async (_scope, { body }, ctx) => {
    await requestPasswordReset(ctx, body.email);
    return { ok: true as const };
  }),
  route(auth.resetPassword, async (_scope, { body }, ctx) => {
    await resetPassword(ctx, body);
    return { ok: true as const };
  }),
  route(auth.invitation, async (_scope, { query }, ctx) => describeInvitation(ctx, query.token)),
  route(auth.registerAdmin, async (_scope, { body }, ctx) => {
    await completeRegistration(ctx, body);
    return { ok: true as const };
  }),
  route(auth.me, async (scope) => {
    const actor = scope.actor;
    if (actor?.kind !== "user") throw AppError.forbidden();
    const account = actor.accountId ? await findAccount(scope.db, actor.accountId) : undefined;
    return {
      user: presentUser(actor.user, actor),
      account: account ? presentAccount(account, actor) : null,
      capabilities: [...CAPABILITIES[actor.role]],
    };
  }),
];
