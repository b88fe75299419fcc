import type { ApiContext } from "../context.ts";
import { antiForgeryToken } from "../../services/auth/sessions.ts";

export const SESSION_COOKIE = "tessera_session";
/** Readable by the web app, which echoes it in the X-CSRF-Token header. */
export const CSRF_COOKIE = "tessera_csrf";
export const CSRF_HEADER = "X-CSRF-Token";

function secure(ctx: ApiContext): boolean {
  return ctx.deps.config.publicUrl.startsWith("https://");
}

export function setSessionCookies(ctx: ApiContext, token: string, expiresAt: Date): void {
  const common = { path: "/", sameSite: "lax" as const, secure: secure(ctx), expires: expiresAt, overwrite: true };
  // Koa refuses secure cookies on plain-HTTP connections unless it trusts the proxy that terminated TLS.
  ctx.cookies.secure = secure(ctx);
  ctx.cookies.set(SESSION_COOKIE, token, { ...common, httpOnly: true });
  ctx.cookies.set(CSRF_COOKIE, antiForgeryToken(ctx.deps.config.secret, token), { ...common, httpOnly: false });
}

export function clearSessionCookies(ctx: ApiContext): void {
  ctx.cookies.set(SESSION_COOKIE, null, { path: "/" });
  ctx.cookies.set(CSRF_COOKIE, null, { path: "/" });
}
