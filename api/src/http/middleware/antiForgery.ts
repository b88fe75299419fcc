import type { ApiContext } from "../context.ts";
import { AppError } from "../../errors.ts";
import { antiForgeryToken, sameSecret } from "../../services/auth/sessions.ts";
import { CSRF_HEADER } from "./cookies.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Cookie-authenticated writes must echo the session's anti-forgery token; bearer requests need not. */
export function requireAntiForgery(ctx: ApiContext): void {
  if (SAFE_METHODS.has(ctx.method)) return;
  if (ctx.state.actor?.via !== "cookie" || !ctx.state.sessionToken) return;
  const expected = antiForgeryToken(ctx.deps.config.secret, ctx.state.sessionToken);
  if (!sameSecret(ctx.get(CSRF_HEADER), expected)) throw new AppError("anti_forgery_failed", 403);
}
