import {
  CAPABILITIES,
  ForgotPasswordBody,
  InvitationQuery,
  InvitationResponse,
  LoginBody,
  MeResponse,
  Ok,
  RegisterAdminBody,
  ResetPasswordBody,
  SendingTokenBody,
  SendingTokenResponse,
  SessionResponse,
} from "@tessera/shared";
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
import { defineRoute, type Route } from "../define.ts";

const tags = ["auth"];

/** /auth/*: sign-in and sign-out, password reset, invitation completion, the signed-in user. */
export const authRoutes: Route[] = [
  defineRoute({
    method: "post",
    path: "/auth/login",
    summary: "Sign in with email and password (and the emailed code when the account uses two-factor sign-in)",
    description:
      "Returns a bearer token and also sets the session cookie (httpOnly) and the anti-forgery cookie for the web app. " +
      "Every refusal of the credentials is the same 401 invalid_credentials. Too many failures for one address or IP give 429.",
    tags,
    auth: "public",
    body: LoginBody,
    response: SessionResponse,
    errors: [429],
    handler: async (ctx, { body }) => {
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
    },
  }),
  defineRoute({
    method: "post",
    path: "/auth/logout",
    summary: "Sign out: the session is revoked server-side and the cookies cleared",
    tags,
    auth: "required",
    response: Ok,
    errors: [403],
    handler: async (ctx) => {
      await signOut(ctx);
      clearSessionCookies(ctx);
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: "post",
    path: "/auth/sending-token",
    summary:
      "Email a sign-in code (valid 10 minutes) when the credentials are right and the account uses two-factor sign-in",
    tags,
    auth: "public",
    body: SendingTokenBody,
    response: SendingTokenResponse,
    errors: [429],
    handler: async (ctx, { body }) => sendSecondFactorCode(ctx, body),
  }),
  defineRoute({
    method: "post",
    path: "/auth/forgot-password",
    summary: "Email a password-reset link (valid 1 hour); the answer is the same whether or not the address is known",
    tags,
    auth: "public",
    body: ForgotPasswordBody,
    response: Ok,
    handler: async (ctx, { body }) => {
      await requestPasswordReset(ctx, body.email);
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: "post",
    path: "/auth/reset-password",
    summary: "Set a new password from a reset link (single use); signs the user out everywhere",
    tags,
    auth: "public",
    body: ResetPasswordBody,
    response: Ok,
    errors: [400],
    handler: async (ctx, { body }) => {
      await resetPassword(ctx, body);
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: "get",
    path: "/auth/invitation",
    summary: "The invited user's email and names, to prefill the registration form",
    tags,
    auth: "public",
    query: InvitationQuery,
    response: InvitationResponse,
    errors: [400],
    handler: async (ctx, { query }) => describeInvitation(ctx, query.token),
  }),
  defineRoute({
    method: "post",
    path: "/auth/register-admin",
    summary: "Complete an invitation: names and password (single-use link)",
    tags,
    auth: "public",
    body: RegisterAdminBody,
    response: Ok,
    errors: [400],
    handler: async (ctx, { body }) => {
      await completeRegistration(ctx, body);
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: "get",
    path: "/auth/me",
    summary: "The signed-in user, their account and what their role allows",
    description: "API keys have no user: 403.",
    tags,
    auth: "required",
    response: MeResponse,
    errors: [403],
    handler: async (ctx) => {
      const actor = ctx.state.actor;
      if (actor?.kind !== "user") throw AppError.forbidden();
      const account = actor.accountId ? await findAccount(ctx.deps.db, actor.accountId) : undefined;
      return {
        user: presentUser(actor.user, actor),
        account: account ? presentAccount(account, actor) : null,
        capabilities: [...CAPABILITIES[actor.role]],
      };
    },
  }),
];
