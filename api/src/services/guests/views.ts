import type { Knex } from "../../db/knex.ts";
import type { ApiContext } from "../../http/context.ts";
import { AppError } from "../../errors.ts";
import { GuestView } from "../../models/GuestView.ts";
import type { Actor } from "../../policies/actor.ts";

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

export async function listGuestViews(db: Knex, actor: Actor | undefined, eventId: string): Promise<GuestView[]> {
  return visibleViews(db, actor, eventId).orderBy("name").orderBy("id");
}

/** Stores the query object as given; a view saved by an API key is always shared (it has no user). */
export async function createGuestView(
  ctx: ApiContext,
  event: { id: string; accountId: string },
  body: { name: string; query: Record<string, unknown>; isShared?: boolean },
): Promise<GuestView> {
  const actor = ctx.state.actor;
  const userId = actor?.kind === "user" && !body.isShared ? actor.id : null;
  return GuestView.query(ctx.deps.db).insertAndFetch({
    accountId: event.accountId,
    eventId: event.id,
    userId,
    name: body.name,
    query: body.query,
  });
}

/** A user removes their own views; shared ones by anyone allowed to update the event. */
export async function deleteGuestView(ctx: ApiContext, eventId: string, viewId: string): Promise<void> {
  const view = await findGuestView(ctx.deps.db, ctx.state.actor, eventId, viewId);
  if (!view) throw AppError.notFound();
  await GuestView.query(ctx.deps.db).deleteById(view.id);
}
