import { sortableText } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { GuestView } from "../../models/GuestView.ts";
import type { Actor } from "../../policies/actor.ts";
import { authorizeEvent } from "../../policies/events.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import type { Scope } from "../scope.ts";

/*
 * Saved views of the guest list. Who may: anyone who sees the event lists the views and saves or
 * deletes their own; a shared view (no user: always the case for API keys) is saved or deleted by
 * editors and up (events.update).
 */

/** Views an actor sees on an event: their own and the shared ones (user_id null). API keys see the shared ones. */
function visibleViews(db: Knex, actor: Actor | undefined, eventId: string) {
  const userId = actor?.kind === "user" ? actor.id : null;
  return GuestView.query(db)
    .where({ eventId })
    .where((w) => {
      w.whereNull("userId");
      if (userId) w.orWhere("userId", userId);
    });
}

export async function findGuestView(
  db: Knex,
  actor: Actor | undefined,
  eventId: string,
  viewId: string,
): Promise<GuestView | undefined> {
  return visibleViews(db, actor, eventId).findById(viewId);
}

/** The views the actor sees on an event they see, by name. */
export async function listGuestViews(scope: Scope, key: EventKey): Promise<GuestView[]> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return visibleViews(scope.db, scope.actor, event.id).orderByRaw(`${sortableText(scope.db)}, ??`, ["name", "id"]);
}

/** Stores the query object as given; a view saved by an API key is always shared (it has no user). */
export async function saveGuestView(
  scope: Scope,
  key: EventKey,
  body: { name: string; query: Record<string, unknown>; isShared?: boolean | undefined },
): Promise<GuestView> {
  const { actor } = scope;
  const isShared = body.isShared === true || actor?.kind === "apiKey";
  const { event } = await findEventByKeyFor(scope.db, actor, isShared ? "update" : "read", key);
  return GuestView.query(scope.db).insertAndFetch({
    accountId: event.accountId,
    eventId: event.id,
    userId: actor?.kind === "user" && !isShared ? actor.id : null,
    name: body.name,
    query: body.query,
  });
}

/** A user removes their own views; shared ones are removed by anyone allowed to update the event. */
export async function deleteGuestView(scope: Scope, key: EventKey, viewId: string): Promise<void> {
  const { event, ties } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const view = await findGuestView(scope.db, scope.actor, event.id, viewId);
  if (!view) throw AppError.notFound();
  // A shared view: editors and up, judged on the event already loaded.
  if (view.userId === null) authorizeEvent(scope.actor, "update", event, ties);
  await GuestView.query(scope.db).deleteById(view.id);
}
