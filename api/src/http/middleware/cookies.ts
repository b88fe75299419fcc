import type { ApiContext } from "../context.ts";
import { antiForgeryToken } from "../../services/auth/sessions.ts";

export const SESSION_COOKIE = "tessera_session";
/** Readable by the web app, which echoes it in the X-CSRF-Token header. */
export const CSRF_COOKIE = "tessera_csrf";
export const CSRF_HEADER = "X-CSRF-Token";
/** A browser an account signed in from (services/auth/knownDevices.ts). */
export const DEVICE_COOKIE = "tessera_device";
const DEVICE_COOKIE_DAYS = 365;
/** A guest signed in to an event's portal (services/portal/guestSessions.ts). */
export const GUEST_SESSION_COOKIE = "tessera_guest";

function secure(ctx: ApiContext): boolean {
  return ctx.deps.config.publicUrl.startsWith("https://");
}

/**
 * A cookie's name as the API sets it: over https with the __Host- prefix, which browsers accept only from
 * a secure page, for path / and without Domain, so a sibling subdomain can neither set nor shadow it.
 */
export function cookieName(
  ctx: ApiContext,
  name: typeof SESSION_COOKIE | typeof CSRF_COOKIE | typeof DEVICE_COOKIE | typeof GUEST_SESSION_COOKIE,
): string {
  return secure(ctx) ? `__Host-${name}` : name;
}

export function setSessionCookies(ctx: ApiContext, token: string, expiresAt: Date): void {
  const common = { path: "/", sameSite: "lax" as const, secure: secure(ctx), expires: expiresAt, overwrite: true };
  // Koa refuses secure cookies on plain-HTTP connections unless it trusts the proxy that terminated TLS.
  ctx.cookies.secure = secure(ctx);
  ctx.cookies.set(cookieName(ctx, SESSION_COOKIE), token, { ...common, httpOnly: true });
  ctx.cookies.set(cookieName(ctx, CSRF_COOKIE), antiForgeryToken(ctx.deps.config.secret, token), {
    ...common,
    httpOnly: false,
  });
}

export function clearSessionCookies(ctx: ApiContext): void {
  ctx.cookies.secure = secure(ctx);
  const options = { path: "/", secure: secure(ctx) };
  ctx.cookies.set(cookieName(ctx, SESSION_COOKIE), null, options);
  ctx.cookies.set(cookieName(ctx, CSRF_COOKIE), null, options);
}

/** The device cookie the browser sent, if any. */
export function deviceCookie(ctx: ApiContext): string | null {
  return ctx.cookies.get(cookieName(ctx, DEVICE_COOKIE)) ?? null;
}

/** Kept through sign-outs: it says the browser was used by the account, not that anyone is signed in. */
export function setDeviceCookie(ctx: ApiContext, token: string): void {
  ctx.cookies.secure = secure(ctx);
  ctx.cookies.set(cookieName(ctx, DEVICE_COOKIE), token, {
    path: "/",
    sameSite: "strict",
    secure: secure(ctx),
    httpOnly: true,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60 * 1000,
    overwrite: true,
  });
}

/** The guest's portal session: HTTP only, sent by the browser only with same-site requests that change nothing. */
export function setGuestSessionCookie(ctx: ApiContext, token: string, expiresAt: Date): void {
  ctx.cookies.secure = secure(ctx);
  ctx.cookies.set(cookieName(ctx, GUEST_SESSION_COOKIE), token, {
    path: "/",
    sameSite: "lax",
    secure: secure(ctx),
    httpOnly: true,
    expires: expiresAt,
    overwrite: true,
  });
}

export function guestSessionCookie(ctx: ApiContext): string | null {
  return ctx.cookies.get(cookieName(ctx, GUEST_SESSION_COOKIE)) ?? null;
}

export function clearGuestSessionCookie(ctx: ApiContext): void {
  ctx.cookies.secure = secure(ctx);
  ctx.cookies.set(cookieName(ctx, GUEST_SESSION_COOKIE), null, { path: "/", secure: secure(ctx) });
}
