import { eventContracts as events } from "@tessera/shared/contracts/events";
import { presentEvent } from "../../presenters/event.ts";
import { changeEventAccess } from "../../../services/events/access.ts";
import { setEventArchived } from "../../../services/events/archive.ts";
import { createEvent } from "../../../services/events/create.ts";
import { getEvent } from "../../../services/events/details.ts";
import { duplicateEvent } from "../../../services/events/duplicate.ts";
import { listEvents } from "../../../services/events/list.ts";
import { deleteEvent } from "../../../services/events/remove.ts";
import { updateEvent } from "../../../services/events/update.ts";
import { route, type Route } from "../define.ts";
import { expands } from "../expand.ts";

/** /accounts/{a}/events and one event's access lists (spec §7). */
export const eventRoutes: Route[] = [
  route(events.list, async (scope, { params, query }) => {
    const { rows, pagination } = await listEvents(scope, params.a, query);
    return { data: rows.map((details) => presentEvent(details, scope.actor)), pagination };
  }),
  route(events.create, async (scope, { params, body }) =>
    presentEvent(await createEvent(scope, params.a, body), scope.actor),
  ),
  route(events.get, async (scope, { params, query }) =>
    presentEvent(
      await getEvent(scope, params.a, params.id, { withAccess: expands(query.expand, "access") }),
      scope.actor,
    ),
  ),
  route(events.update, async (scope, { params, body }) =>
    presentEvent(await updateEvent(scope, params.a, params.id, body), scope.actor),
  ),
  route(events.remove, async (scope, { params }) => {
    await deleteEvent(scope, params.a, params.id);
    return { ok: true as const };
  }),
  route(events.duplicate, async (scope, { params, body }) =>
    presentEvent(await duplicateEvent(scope, params.a, params.id, body), scope.actor),
  ),
  route(events.archive, async (scope, { params }) =>
    presentEvent(await setEventArchived(scope, params.a, params.id, true), scope.actor),
  ),
  route(events.unarchive, async (scope, { params }) =>
    presentEvent(await setEventArchived(scope, params.a, params.id, false), scope.actor),
  ),
  route(events.addUser, async (scope, { params }) =>
    presentEvent(
      await changeEventAccess(scope, params.a, params.id, { kind: "user", userId: params.userId }, true),
      scope.actor,
    ),
  ),
  route(events.removeUser, async (scope, { params }) =>
    presentEvent(
      await changeEventAccess(scope, params.a, params.id, { kind: "user", userId: params.userId }, false),
      scope.actor,
    ),
  ),
  route(events.addTeam, async (scope, { params }) =>
    presentEvent(
      await changeEventAccess(scope, params.a, params.id, { kind: "team", teamId: params.teamId }, true),
      scope.actor,
    ),
  ),
  route(events.removeTeam, async (scope, { params }) =>
    presentEvent(
      await changeEventAccess(scope, params.a, params.id, { kind: "team", teamId: params.teamId }, false),
      scope.actor,
    ),
  ),
];
