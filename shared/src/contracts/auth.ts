import { Ok } from "../schemas/common.ts";
import {
  ForgotPasswordBody,
  InvitationQuery,
  InvitationResponse,
  ResetLinkQuery,
  ResetLinkResponse,
  LoginBody,
  MeResponse,
  RegisterAdminBody,
  ResetPasswordBody,
  SendingTokenBody,
  SendingTokenResponse,
  SessionResponse,
} from "../schemas/auth.ts";
import { contract } from "./contract.ts";

const tags = ["auth"];

/** /auth/*: sign-in and sign-out, password reset, invitation completion, the signed-in user. */
export const authContracts = {
  login: contract({
    method: "post",
    path: "/auth/login",
    summary: "Sign in with email and password (and the emailed code when the account uses two-factor sign-in)",
    description:
      "Returns a bearer token and also sets the session cookie (httpOnly) and the anti-forgery cookie for the web app. " +
      "Every refusal of the credentials is the same 401 invalid_credentials. Past 5 failures at an account, each attempt waits " +
      "(1 s, doubling, up to 15 minutes: 429 with Retry-After) unless it comes from a browser the account signed in from " +
      "(its device cookie); too many failures from one IP give 429. One person may belong to several accounts, each with its " +
      "own password: when the password opens more than one, 409 account_choice_required lists them (details.accounts) and " +
      "the sign-in is sent again with accountId.",
    tags,
    auth: "public",
    body: LoginBody,
    response: SessionResponse,
    errors: [409, 429],
  }),
  logout: contract({
    method: "post",
    path: "/auth/logout",
    summary: "Sign out: the session is revoked server-side and the cookies cleared",
    tags,
    auth: "required",
    response: Ok,
    errors: [403],
  }),
  sendingToken: contract({
    method: "post",
    path: "/auth/sending-token",
    summary:
      "Email a sign-in code (valid 10 minutes) when the credentials are right and the account uses two-factor sign-in",
    tags,
    auth: "public",
    body: SendingTokenBody,
    response: SendingTokenResponse,
    errors: [409, 429],
  }),
  forgotPassword: contract({
    method: "post",
    path: "/auth/forgot-password",
    summary: "Email a password-reset link (valid 1 hour); the answer is the same whether or not the address is known",
    tags,
    auth: "public",
    body: ForgotPasswordBody,
    response: Ok,
  }),
  resetLink: contract({
    method: "get",
    path: "/auth/reset-password",
    summary: "Whether a reset link still works, and the address it is for (the link is not used up)",
    description:
      "400 invalid_link for a made-up, used, expired or superseded link, so the page says so instead of a form.",
    tags,
    auth: "public",
    query: ResetLinkQuery,
    response: ResetLinkResponse,
    errors: [400],
  }),
  resetPassword: contract({
    method: "post",
    path: "/auth/reset-password",
    summary: "Set a new password from a reset link (single use); signs the user out everywhere",
    tags,
    auth: "public",
    body: ResetPasswordBody,
    response: Ok,
    errors: [400],
  }),
  invitation: contract({
    method: "get",
    path: "/auth/invitation",
    summary: "The invited user's email and names, to prefill the registration form",
    tags,
    auth: "public",
    query: InvitationQuery,
    response: InvitationResponse,
    errors: [400],
  }),
  registerAdmin: contract({
    method: "post",
    path: "/auth/register-admin",
    summary: "Complete an invitation: names and password (single-use link)",
    tags,
    auth: "public",
    body: RegisterAdminBody,
    response: Ok,
    errors: [400],
  }),
  me: contract({
    method: "get",
    path: "/auth/me",
    summary: "The signed-in user, their account and what their role allows",
    description: "API keys have no user: 403.",
    tags,
    auth: "required",
    response: MeResponse,
    errors: [403],
  }),
};
