import {
  EVENT_ADMIN_FIELDS,
  EventCreate,
  EventDuplicate,
  EventGetQuery,
  EventListQuery,
  EventPage,
  EventParams,
  EventSchema,
  EventUpdate,
  AccountParams,
  Ok,
} from "@tessera/shared";
import { authorizeInAccount } from "../../../policies/accounts.ts";
import { presentEvent } from "../../presenters/event.ts";
import { setEventArchived } from "../../../services/events/archive.ts";
import { createEvent } from "../../../services/events/create.ts";
import { loadOneEventDetails } from "../../../services/events/details.ts";
import { duplicateEvent } from "../../../services/events/duplicate.ts";
import { ensureAdminFieldsAllowed, type EventCreateBody } from "../../../services/events/fields.ts";
import { findEventFor } from "../../../services/events/find.ts";
import { listEvents } from "../../../services/events/list.ts";
import { deleteEvent } from "../../../services/events/remove.ts";
import { updateEvent } from "../../../services/events/update.ts";
import { authorizeInExistingAccount } from "../accountScope.ts";
import { route, type AnyRoute } from "../define.ts";
import { expands } from "../expand.ts";
import { eventAccessRoutes } from "./access.ts";

const TAGS = ["events"];
const VISIBILITY =
  "Platform administrators, overseers and API keys see every event of the account; organizers, editors " +
  "and readers the events they created, are listed on, or whose access list holds one of their teams. " +
  "An event the caller cannot see answers 404.";
const ADMIN_FIELDS = `Only platform administrators may send ${EVENT_ADMIN_FIELDS.join(", ")}: anyone else gets 403 and nothing changes.`;

const eventItself: AnyRoute[] = [
  route({
    method: "get",
    path: "/accounts/:a/events",
    summary: "List the account's events",
    description:
      "`filter`: all (every event not archived, the default), upcoming, in_progress, past, archived; " +
      "`sort`: start_date (undated last, the default), recently_created, name; `search` matches the name. " +
      VISIBILITY,
    tags: TAGS,
    params: AccountParams,
    query: EventListQuery,
    response: EventPage,
    errors: [404],
    handler: async (ctx, { params, query }) => {
      await authorizeInExistingAccount(ctx, "events.read", params.a);
      const { rows, pagination } = await listEvents(ctx.deps.db, ctx.state.actor, params.a, query);
      const now = new Date();
      return { data: rows.map((details) => presentEvent(details, ctx.state.actor, now)), pagination };
    },
  }),
  route({
    method: "post",
    path: "/accounts/:a/events",
    summary: "Create an event",
    description:
      "Organizers, overseers, platform administrators and API keys (events.create). Fields left out take the " +
      "account's default event params. 409 slug_taken, domain_taken, event_limit_reached. " +
      ADMIN_FIELDS,
    tags: TAGS,
    params: AccountParams,
    body: EventCreate,
    response: EventSchema,
    status: 201,
    errors: [403, 404, 409],
    handler: async (ctx, { params, body }) => {
      authorizeInAccount(ctx.state.actor, "events.create", params.a);
      ensureAdminFieldsAllowed(ctx.state.actor, params.a, body);
      return presentEvent(await createEvent(ctx, params.a, body as EventCreateBody), ctx.state.actor);
    },
  }),
  route({
    method: "get",
    path: "/accounts/:a/events/:id",
    summary: "Get an event",
    description: "`expand=access` adds the users and teams of its access lists. " + VISIBILITY,
    tags: TAGS,
    params: EventParams,
    query: EventGetQuery,
    response: EventSchema,
    errors: [404],
    handler: async (ctx, { params, query }) => {
      const { event } = await findEventFor(ctx.deps.db, ctx.state.actor, "read", params.a, params.id);
      const details = await loadOneEventDetails(ctx.deps.db, ctx.state.actor, event, {
        withAccess: expands(query.expand, "access"),
      });
      return presentEvent(details, ctx.state.actor);
    },
  }),
  route({
    method: "post",
    path: "/accounts/:a/events/:id",
    summary: "Update an event",
    description:
      "Editors and up (events.update) on an event they see. The slug may be sent only unchanged " +
      "(422 slug_immutable); `customDomains` replaces the list. " +
      ADMIN_FIELDS,
    tags: TAGS,
    params: EventParams,
    body: EventUpdate,
    response: EventSchema,
    errors: [403, 404, 409],
    handler: async (ctx, { params, body }) =>
      presentEvent(await updateEvent(ctx, params.a, params.id, body), ctx.state.actor),
  }),
  route({
    method: "delete",
    path: "/accounts/:a/events/:id",
    summary: "Delete an event",
    description:
      "Organizers and up (events.delete). A user cannot remove an event linked to a team they belong to: " +
      "409 event_not_deleted, with the reason in the message.",
    tags: TAGS,
    params: EventParams,
    response: Ok,
    errors: [403, 404, 409],
    handler: async (ctx, { params }) => {
      await deleteEvent(ctx, params.a, params.id);
      return { ok: true as const };
    },
  }),
  route({
    method: "post",
    path: "/accounts/:a/events/:id/duplicate",
    summary: "Duplicate an event",
    description:
      "Organizers and up (events.create) on an event they see. The copy takes a new name and slug, every " +
      "setting but the custom domains, the access lists and what each area registered to copy; it is " +
      "never archived. 409 slug_taken, event_limit_reached.",
    tags: TAGS,
    params: EventParams,
    body: EventDuplicate,
    response: EventSchema,
    status: 201,
    errors: [403, 404, 409],
    handler: async (ctx, { params, body }) =>
      presentEvent(await duplicateEvent(ctx, params.a, params.id, body), ctx.state.actor),
  }),
  ...(["archive", "unarchive"] as const).map((action) =>
    route({
      method: "post",
      path: `/accounts/:a/events/:id/${action}`,
      summary: action === "archive" ? "Archive an event" : "Bring an archived event back",
      description:
        "Editors and up (events.update). Archived events are listed only with filter=archived and are for " +
        "organizers only.",
      tags: TAGS,
      params: EventParams,
      response: EventSchema,
      errors: [403, 404],
      handler: async (ctx, { params }) =>
        presentEvent(await setEventArchived(ctx, params.a, params.id, action === "archive"), ctx.state.actor),
    }),
  ),
];

/** /accounts/{a}/events and one event's access rights (spec §7). */
export const eventRoutes: AnyRoute[] = [...eventItself, ...eventAccessRoutes];
