import type { ApiContext } from "../context.ts";
import { AppError } from "../../errors.ts";
import { CSRF_HEADER } from "../middleware/cookies.ts";
import { antiForgeryToken, sameSecret } from "../../services/auth/sessions.ts";

/*
 * The legacy paths name their event by slug: the services find and authorize it from an EventKey
 * `{ slug }` (services/events/find.ts). What stays here is HTTP only.
 */

/**
 * Some legacy endpoints change data on GET (mergeJson, acceptRecommendationJson …). A session cookie
 * rides along on a cross-site top-level GET (SameSite=Lax), so cookie callers must echo the
 * anti-forgery header there too, as on any write; bearer tokens are not sent by browsers on their own.
 */
export function requireAntiForgeryOnGetWrite(ctx: ApiContext): void {
  if (ctx.state.actor?.via !== "cookie" || !ctx.state.sessionToken) return;
  const expected = antiForgeryToken(ctx.deps.config.secret, ctx.state.sessionToken);
  if (!sameSecret(ctx.get(CSRF_HEADER), expected)) throw new AppError("anti_forgery_failed", 403);
}
