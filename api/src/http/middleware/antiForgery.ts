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

/**
 * A route that sets the session cookie answers only its own pages: a request a browser sends from another
 * site's page carries that site as its Origin, and is refused. Clients that are not browsers send none.
 */
export function requireSameOrigin(ctx: ApiContext): void {
  const origin = ctx.get("Origin");
  if (!origin) return;
  // The server's own origin as the browser reached it (Koa's ctx.origin is the request's Origin header).
  const allowed = new Set([`${ctx.protocol}://${ctx.host}`, new URL(ctx.deps.config.publicUrl).origin]);
  if (!allowed.has(origin)) throw new AppError("anti_forgery_failed", 403);
}
