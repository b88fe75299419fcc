import { Type } from "@sinclair/typebox";
import { EventScopedIdParams, EventScopedParams, GuestViewCreate, GuestViewSchema, Ok } from "@tessera/shared";
import type { GuestView } from "../../../models/GuestView.ts";
import { authorizeEvent } from "../../../policies/events.ts";
import { findEventFor } from "../../../services/events/find.ts";
import { createGuestView, deleteGuestView, findGuestView, listGuestViews } from "../../../services/guests/views.ts";
import { defineRoute, type Route } from "../define.ts";

const TAGS = ["guests"];

function presentGuestView(view: GuestView) {
  return {
    id: view.id,
    name: view.name,
    query: view.query,
    isShared: view.userId === null,
    createdAt: view.createdAt.toISOString(),
  };
}

export const guestViewRoutes: Route[] = [
  defineRoute({
    method: "get",
    path: "/events/:a/:e/guestviews",
    summary: "List saved guest-list views",
    description: "The caller's own views and the shared ones, by name. Anyone who sees the event.",
    tags: TAGS,
    params: EventScopedParams,
    response: Type.Object({ data: Type.Array(GuestViewSchema) }),
    errors: [404],
    handler: async (ctx, { params }) => {
      const { event } = await findEventFor(ctx.deps.db, ctx.state.actor, "read", params.a, params.e);
      return { data: (await listGuestViews(ctx.deps.db, ctx.state.actor, event.id)).map(presentGuestView) };
    },
  }),
  defineRoute({
    method: "post",
    path: "/events/:a/:e/guestviews",
    summary: "Save a guest-list view",
    description:
      "Stores the query object as given. A personal view: anyone who sees the event; a shared one (`isShared`, " +
      "always for API keys): editors and up (events.update).",
    tags: TAGS,
    params: EventScopedParams,
    body: GuestViewCreate,
    response: GuestViewSchema,
    status: 201,
    errors: [403, 404],
    handler: async (ctx, { params, body }) => {
      const shared = body.isShared === true || ctx.state.actor?.kind === "apiKey";
      const { event } = await findEventFor(
        ctx.deps.db,
        ctx.state.actor,
        shared ? "update" : "read",
        params.a,
        params.e,
      );
      return presentGuestView(await createGuestView(ctx, event, { ...body, isShared: shared }));
    },
  }),
  defineRoute({
    method: "delete",
    path: "/events/:a/:e/guestviews/:id",
    summary: "Delete a saved guest-list view",
    description: "One's own view, or a shared one for editors and up (events.update).",
    tags: TAGS,
    params: EventScopedIdParams,
    response: Ok,
    errors: [403, 404],
    handler: async (ctx, { params }) => {
      const { event, ties } = await findEventFor(ctx.deps.db, ctx.state.actor, "read", params.a, params.e);
      const view = await findGuestView(ctx.deps.db, ctx.state.actor, event.id, params.id);
      // A shared view: editors and up, judged on the event already loaded.
      if (view?.userId === null) authorizeEvent(ctx.state.actor, "update", event, ties);
      await deleteGuestView(ctx, event.id, params.id);
      return { ok: true as const };
    },
  }),
];
