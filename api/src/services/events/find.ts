import { lockForUpdate } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { Event } from "../../models/Event.ts";
import type { Actor } from "../../policies/actor.ts";
import { authorizeEvent, NO_TIES, type EventAbility, type EventTies } from "../../policies/events.ts";
import { selectTies, takeTies } from "./visibility.ts";
import { AppError } from "../../errors.ts";
import { isPlatformAdministrator } from "../../policies/accounts.ts";

/**
 * The event of the account the actor may `ability`, with their ties to it; 401 anonymous, 404 when
 * it is missing, in another account or invisible to the actor, 403 when visible but not allowed.
 * Inside a write transaction pass `lock` so concurrent writes to one event queue up (PostgreSQL).
 */
export async function findEventFor(
  db: Knex | Knex.Transaction,
  actor: Actor | undefined,
  ability: EventAbility | "read",
  accountId: string,
  eventId: string,
  options: { lock?: boolean } = {},
): Promise<{ event: Event; ties: EventTies }> {
  const query = selectTies(db, Event.query(db).findById(eventId).where({ accountId }), actor);
  const event = await (options.lock ? lockForUpdate(db, query) : query);
  const ties = event ? takeTies(event, actor) : NO_TIES;
  authorizeEvent(actor, ability, event, ties);
  return { event: event!, ties };
}

/**
 * The event a legacy path names by its slug (spec §7 `/{event}/admin/...`), authorized as `findEventFor`
 * does: it must belong to the actor's account (platform administrators: any account) and be visible to
 * them, else 404; then the ability (403 when visible but not allowed).
 */
export async function findEventBySlugFor(
  db: Knex | Knex.Transaction,
  actor: Actor | undefined,
  ability: EventAbility | "read",
  slug: string,
): Promise<{ event: Event; ties: EventTies }> {
  if (!actor) throw AppError.unauthenticated();
  const query = selectTies(db, Event.query(db).findOne({ slug: slug.toLowerCase() }), actor);
  if (!isPlatformAdministrator(actor)) query.where({ accountId: actor.accountId ?? "" });
  const event = await query;
  if (!event) throw AppError.notFound();
  const ties = takeTies(event, actor);
  authorizeEvent(actor, ability, event, ties);
  return { event, ties };
}

/** How a caller names an event: by account and id (/api/v1), or by slug (the legacy paths of spec §7). */
export type EventKey = { accountId: string; eventId: string } | { slug: string };

/** `findEventFor` or `findEventBySlugFor`, whichever way the caller names the event. */
export function findEventByKeyFor(
  db: Knex | Knex.Transaction,
  actor: Actor | undefined,
  ability: EventAbility | "read",
  key: EventKey,
  options: { lock?: boolean } = {},
): Promise<{ event: Event; ties: EventTies }> {
  return "slug" in key
    ? findEventBySlugFor(db, actor, ability, key.slug)
    : findEventFor(db, actor, ability, key.accountId, key.eventId, options);
}
