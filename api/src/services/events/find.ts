import { lockForUpdate } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { Event } from "../../models/Event.ts";
import type { Actor } from "../../policies/actor.ts";
import { authorizeEvent, NO_TIES, type EventAbility, type EventTies } from "../../policies/events.ts";
import { loadEventTiesOf } from "./visibility.ts";

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
  const query = Event.query(db).findById(eventId).where({ accountId });
  const event = await (options.lock ? lockForUpdate(db, query) : query);
  const ties = event ? await loadEventTiesOf(db, actor, event) : NO_TIES;
  authorizeEvent(actor, ability, event, ties);
  return { event: event!, ties };
}
