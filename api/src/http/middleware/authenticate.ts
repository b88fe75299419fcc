import type { ApiContext, ApiMiddleware } from "../context.ts";
import { AppError } from "../../errors.ts";
import type { Actor } from "../../policies/actor.ts";
import { findActiveApiKey } from "../../services/auth/apiKeys.ts";
import { findLiveSession } from "../../services/auth/sessions.ts";
import { DESK_TOKEN_PREFIX } from "../../services/checkins/desk.ts";
import { clearSessionCookies, cookieName, SESSION_COOKIE } from "./cookies.ts";

async function userActor(ctx: ApiContext, token: string, via: "cookie" | "bearer"): Promise<Actor | null> {
  const found = await findLiveSession(ctx.deps.db, ctx.deps.config, token);
  if (!found) return null;
  ctx.state.sessionToken = token;
  return {
    kind: "user",
    id: found.user.id,
    role: found.user.role,
    accountId: found.user.accountId,
    user: found.user,
    sessionId: found.sessionId,
    via,
  };
}

/**
 * Resolves the actor from `Authorization: Bearer` (session token or API key) or the session cookie.
 * A bad bearer token is refused at once; a stale cookie is just cleared (the caller is anonymous).
 */
export function authenticate(): ApiMiddleware {
  return async (ctx, next) => {
    const header = ctx.get("Authorization");
    if (header) {
      const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
      if (!token) throw AppError.unauthenticated();
      // A check-in desk's token is no actor: every route but the desk's own (auth "desk") refuses it.
      if (token.startsWith(DESK_TOKEN_PREFIX)) {
        ctx.state.deskToken = token;
        return next();
      }
      const apiKey = await findActiveApiKey(ctx.deps.db, token);
      const actor: Actor | null = apiKey
        ? { kind: "apiKey", id: apiKey.id, role: apiKey.role, accountId: apiKey.accountId, apiKey, via: "bearer" }
        : await userActor(ctx, token, "bearer");
      if (!actor) throw AppError.unauthenticated();
      ctx.state.actor = actor;
    } else {
      const cookie = ctx.cookies.get(cookieName(ctx, SESSION_COOKIE));
      if (cookie) {
        const actor = await userActor(ctx, cookie, "cookie");
        if (actor) ctx.state.actor = actor;
        else clearSessionCookies(ctx);
      }
    }
    await next();
  };
}
