import { guestContracts as guests } from "@tessera/shared/contracts/guests";
import type { ApiContext } from "../../context.ts";
import type { Guest } from "../../../models/Guest.ts";
import { loadGuestPageExtras, presentGuest } from "../../presenters/guest.ts";
import { findEventFor } from "../../../services/events/find.ts";
import { listGuests } from "../../../services/guests/list.ts";
import { deleteGuest, deleteGuests } from "../../../services/guests/remove.ts";
import { createGuest, findGuest, setGuestsAnswers, updateGuest } from "../../../services/guests/write.ts";
import { route, type Route } from "../define.ts";

/** One guest as the API returns it (its companions count and godfather loaded alongside). */
async function presentOne(ctx: ApiContext, accountId: string, guest: Guest) {
  const { event, ties } = await findEventFor(ctx.deps.db, ctx.state.actor, "read", accountId, guest.eventId);
  return presentGuest(guest, await loadGuestPageExtras(ctx.deps.db, [guest], ctx.state.actor, event, ties));
}

/** /events/{a}/{e}/users: the guests of one event (spec §7 `users`). */
export const guestRoutes: Route[] = [
  route(guests.list, async (scope, { params, query }) => {
    const { event, ties } = await findEventFor(scope.db, scope.actor, "read", params.a, params.e);
    const { rows, pagination } = await listGuests(scope.db, scope.actor, event.id, query);
    const extras = await loadGuestPageExtras(scope.db, rows, scope.actor, event, ties);
    return { data: rows.map((guest) => presentGuest(guest, extras)), pagination };
  }),
  route(guests.create, async (_scope, { params, body }, ctx) =>
    presentOne(ctx, params.a, await createGuest(ctx, params.a, params.e, body)),
  ),
  route(guests.setAnswers, async (_scope, { params, body }, ctx) => ({
    updated: await setGuestsAnswers(ctx, params.a, params.e, body),
  })),
  route(guests.get, async (scope, { params }) => {
    const { event, ties } = await findEventFor(scope.db, scope.actor, "read", params.a, params.e);
    const guest = await findGuest(scope.db, event.id, params.id);
    return presentGuest(guest, await loadGuestPageExtras(scope.db, [guest], scope.actor, event, ties));
  }),
  route(guests.update, async (_scope, { params, body }, ctx) =>
    presentOne(ctx, params.a, await updateGuest(ctx, params.a, params.e, params.id, body)),
  ),
  route(guests.remove, async (_scope, { params }, ctx) => {
    await deleteGuest(ctx, params.a, params.e, params.id);
    return { ok: true as const };
  }),
  route(guests.removeMany, async (_scope, { params, body }, ctx) => deleteGuests(ctx, params.a, params.e, body)),
];
