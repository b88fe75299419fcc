import { authContracts as auth } from "@tessera/shared/contracts/auth";
import { requireSameOrigin } from "../../middleware/antiForgery.ts";
import { clearSessionCookies, deviceCookie, setDeviceCookie, setSessionCookies } from "../../middleware/cookies.ts";
import { presentSignedInUser, presentUser } from "../../presenters/user.ts";
import {
  completeRegistration,
  describeInvitation,
  describeResetLink,
  requestPasswordReset,
  resetPassword,
  sendSecondFactorCode,
  signIn,
  signOut,
} from "../../../services/auth/auth.ts";
import { getSignedInUser } from "../../../services/auth/me.ts";
import { route, type Route } from "../define.ts";

/** /auth/*: sign-in and sign-out, password reset, invitation completion, the signed-in user. */
export const authRoutes: Route[] = [
  route(auth.login, async (scope, { body }, ctx) => {
    requireSameOrigin(ctx);
    const { user, session, token, actor, deviceToken } = await signIn(scope, body, deviceCookie(ctx));
    setSessionCookies(ctx, token, session.expiresAt);
    setDeviceCookie(ctx, deviceToken);
    return { token, expiresAt: session.expiresAt.toISOString(), user: presentUser(user, actor) };
  }),
  route(auth.logout, async (scope, _input, ctx) => {
    await signOut(scope);
    clearSessionCookies(ctx);
    return { ok: true as const };
  }),
  route(auth.sendingToken, async (scope, { body }, ctx) => sendSecondFactorCode(scope, body, deviceCookie(ctx))),
  route(auth.forgotPassword, async (scope, { body }) => {
    await requestPasswordReset(scope, body.email);
    return { ok: true as const };
  }),
  route(auth.resetLink, async (scope, { query }) => describeResetLink(scope, query.token)),
  route(auth.resetPassword, async (scope, { body }) => {
    await resetPassword(scope, body);
    return { ok: true as const };
  }),
  route(auth.invitation, async (scope, { query }) => describeInvitation(scope, query.token)),
  route(auth.registerAdmin, async (scope, { body }) => {
    await completeRegistration(scope, body);
    return { ok: true as const };
  }),
  route(auth.me, async (scope) => presentSignedInUser(await getSignedInUser(scope))),
];
