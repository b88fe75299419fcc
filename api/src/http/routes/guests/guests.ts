import { guestContracts as guests } from "@tessera/shared/contracts/guests";
import { presentGuest, presentOneGuest } from "../../presenters/guest.ts";
import { countEventGuests, listEventGuests } from "../../../services/guests/list.ts";
import { deleteGuest, deleteGuests } from "../../../services/guests/remove.ts";
import { createGuest, getGuest, setGuestsAnswers, updateGuest } from "../../../services/guests/write.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "./eventKey.ts";

/** /events/{a}/{e}/users: the guests of one event (spec §7 `users`). */
export const guestRoutes: Route[] = [
  route(guests.list, async (scope, { params, query }) => {
    const { rows, extras, pagination } = await listEventGuests(scope, eventKey(params), query);
    return { data: rows.map((guest) => presentGuest(guest, extras)), pagination };
  }),
  // Before users/:id: "count" is not a guest id.
  route(guests.count, async (scope, { params, query }) => ({
    total: await countEventGuests(scope, eventKey(params), query),
  })),
  route(guests.create, async (scope, { params, body }) =>
    presentOneGuest(await createGuest(scope, eventKey(params), body)),
  ),
  route(guests.setAnswers, async (scope, { params, body }) => ({
    updated: await setGuestsAnswers(scope, eventKey(params), body),
  })),
  route(guests.get, async (scope, { params }) => presentOneGuest(await getGuest(scope, eventKey(params), params.id))),
  route(guests.update, async (scope, { params, body }) =>
    presentOneGuest(await updateGuest(scope, eventKey(params), params.id, body)),
  ),
  route(guests.remove, async (scope, { params }) => {
    await deleteGuest(scope, eventKey(params), params.id);
    return { ok: true as const };
  }),
  route(guests.removeMany, async (scope, { params, body }) => deleteGuests(scope, eventKey(params), body)),
];
