import type { ApiContext } from "../context.ts";
import { AppError } from "../../errors.ts";
import { CSRF_HEADER } from "../middleware/cookies.ts";
import { Event } from "../../models/Event.ts";
import { isPlatformAdministrator } from "../../policies/accounts.ts";
import { authorizeEvent, type EventAbility, type EventTies } from "../../policies/events.ts";
import { loadEventTiesOf } from "../../services/events/visibility.ts";
import { antiForgeryToken, sameSecret } from "../../services/auth/sessions.ts";

// TRANSITION: the legacy import route (guests/import area) still reads its params from here.
export { LegacyEventIdParams, LegacyEventParams } from "@tessera/shared/schemas/legacy";

/**
 * The event a legacy path names by slug, authorized like the /api/v1 routes: it must belong to the
 * caller's account (platform administrators: any account) and be visible to them, else 404; then the
 * ability (403 when visible but not allowed).
 */
export async function findLegacyEvent(
  ctx: ApiContext,
  slug: string,
  ability: EventAbility | "read",
): Promise<{ event: Event; ties: EventTies }> {
  const actor = ctx.state.actor;
  if (!actor) throw AppError.unauthenticated();
  const query = Event.query(ctx.deps.db).findOne({ slug: slug.toLowerCase() });
  if (!isPlatformAdministrator(actor)) query.where({ accountId: actor.accountId ?? "" });
  const event = await query;
  if (!event) throw AppError.notFound();
  // The event is loaded once: visibility and the ability are judged on it (as findEventFor does).
  const ties = await loadEventTiesOf(ctx.deps.db, actor, event);
  authorizeEvent(actor, ability, event, ties);
  return { event, ties };
}

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
