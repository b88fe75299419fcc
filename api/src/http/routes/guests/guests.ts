import { Type } from "@sinclair/typebox";
import {
  AnswersSchema,
  DeleteGuestsBody,
  DeleteGuestsResult,
  EventScopedIdParams,
  EventScopedParams,
  GuestCreate,
  GuestListQuery,
  GuestPage,
  GuestSchema,
  GuestSelection,
  GuestUpdate,
  Ok,
  Uuid,
} from "@tessera/shared";
import type { ApiContext } from "../../context.ts";
import type { Guest } from "../../../models/Guest.ts";
import { loadGuestPageExtras, presentGuest } from "../../presenters/guest.ts";
import { findEventFor } from "../../../services/events/find.ts";
import { listGuests } from "../../../services/guests/list.ts";
import { deleteGuest, deleteGuests } from "../../../services/guests/remove.ts";
import { createGuest, findGuest, setGuestsAnswers, updateGuest } from "../../../services/guests/write.ts";
import { defineRoute, type Route } from "../define.ts";

const TAGS = ["guests"];
const ACCESS =
  "Read: anyone who sees the event (events.read); write and delete: editors and up (events.update). " +
  "An event the caller cannot see answers 404.";

const GuestsAnswersBody = Type.Object({ ...GuestSelection, answers: AnswersSchema }, { additionalProperties: false });
const GuestsAnswersResult = Type.Object({ updated: Type.Array(Uuid) });

/** One guest as the API returns it (its companions count and godfather loaded alongside). */
async function presentOne(ctx: ApiContext, accountId: string, guest: Guest) {
  const { event, ties } = await findEventFor(ctx.deps.db, ctx.state.actor, "read", accountId, guest.eventId);
  return presentGuest(guest, await loadGuestPageExtras(ctx.deps.db, [guest], ctx.state.actor, event, ties));
}

export const guestRoutes: Route[] = [
  defineRoute({
    method: "get",
    path: "/events/:a/:e/users",
    summary: "List the event's guests",
    description:
      "`view`: all, unanswered, waiting (pending approval) or a saved view id (its stored query under the " +
      "explicit parameters); `status`, `mailStatus`, `createdSource` comma-joined; date ranges; `filters` a JSON " +
      "array of {field, op, value} on built-in fields or custom fields by id (ops eq, neq, in, contains, empty, " +
      "not_empty, gte, lte); `search` on name, email and company; `godfatherId` a guest's companions; `sort` a " +
      "guest field or cf:<custom field id>, " +
      "ties broken by id. " +
      ACCESS,
    tags: TAGS,
    params: EventScopedParams,
    query: GuestListQuery,
    response: GuestPage,
    errors: [404],
    handler: async (ctx, { params, query }) => {
      const { event, ties } = await findEventFor(ctx.deps.db, ctx.state.actor, "read", params.a, params.e);
      const { rows, pagination } = await listGuests(ctx.deps.db, ctx.state.actor, event.id, query);
      const extras = await loadGuestPageExtras(ctx.deps.db, rows, ctx.state.actor, event, ties);
      return { data: rows.map((guest) => presentGuest(guest, extras)), pagination };
    },
  }),
  defineRoute({
    method: "post",
    path: "/events/:a/:e/users",
    summary: "Add a guest",
    description:
      "Answers are checked against the custom fields' rules (required ones may stay empty here). The godfather " +
      "must be a guest of the event with fewer companions than the event's maximum (422 companions_too_many); " +
      "companions expected at most the event's maximum. Created source: manual, " +
      "or api for API keys. " +
      ACCESS,
    tags: TAGS,
    params: EventScopedParams,
    body: GuestCreate,
    response: GuestSchema,
    status: 201,
    errors: [403, 404],
    handler: async (ctx, { params, body }) =>
      presentOne(ctx, params.a, await createGuest(ctx, params.a, params.e, body)),
  }),
  defineRoute({
    method: "post",
    path: "/events/:a/:e/users/customfields",
    summary: "Set answers on many guests",
    description:
      "The same answers on the selected guests of the event (null removes an answer): `ids`, or `query` (the " +
      "list's view, status, date, `filters` and `search` parameters) for every guest it matches; exactly one of " +
      "the two. File answers are set by upload, one guest at a time (422 here). " +
      ACCESS,
    tags: TAGS,
    params: EventScopedParams,
    body: GuestsAnswersBody,
    response: GuestsAnswersResult,
    errors: [403, 404],
    handler: async (ctx, { params, body }) => ({ updated: await setGuestsAnswers(ctx, params.a, params.e, body) }),
  }),
  defineRoute({
    method: "get",
    path: "/events/:a/:e/users/:id",
    summary: "Get a guest",
    description: ACCESS,
    tags: TAGS,
    params: EventScopedIdParams,
    response: GuestSchema,
    errors: [404],
    handler: async (ctx, { params }) => {
      const { event, ties } = await findEventFor(ctx.deps.db, ctx.state.actor, "read", params.a, params.e);
      const guest = await findGuest(ctx.deps.db, event.id, params.id);
      return presentGuest(guest, await loadGuestPageExtras(ctx.deps.db, [guest], ctx.state.actor, event, ties));
    },
  }),
  defineRoute({
    method: "post",
    path: "/events/:a/:e/users/:id",
    summary: "Update a guest",
    description:
      "Partial update; answers are merged (null removes one). `unlockEmail: true` lifts an unsubscription. " + ACCESS,
    tags: TAGS,
    params: EventScopedIdParams,
    body: GuestUpdate,
    response: GuestSchema,
    errors: [403, 404],
    handler: async (ctx, { params, body }) =>
      presentOne(ctx, params.a, await updateGuest(ctx, params.a, params.e, params.id, body)),
  }),
  defineRoute({
    method: "delete",
    path: "/events/:a/:e/users/:id",
    summary: "Delete a guest",
    description: "409 guest_not_deleted with the reason when the guest may not go (e.g. they hold a ticket). " + ACCESS,
    tags: TAGS,
    params: EventScopedIdParams,
    response: Ok,
    errors: [403, 404, 409],
    handler: async (ctx, { params }) => {
      await deleteGuest(ctx, params.a, params.e, params.id);
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: "post",
    path: "/events/:a/:e/deleteusers",
    summary: "Delete many guests",
    description:
      "Deletes the selected guests of the event that may go: `ids`, or `query` (the list's filters and search) " +
      "for every guest it matches; exactly one of the two. `refused` lists the others with the reason. " +
      ACCESS,
    tags: TAGS,
    params: EventScopedParams,
    body: DeleteGuestsBody,
    response: DeleteGuestsResult,
    errors: [403, 404],
    handler: async (ctx, { params, body }) => deleteGuests(ctx, params.a, params.e, body),
  }),
];
