import {
  CustomFieldCreate,
  CustomFieldList,
  CustomFieldReorder,
  CustomFieldSchema,
  CustomFieldUpdate,
  EventScopedIdParams,
  EventScopedParams,
  Ok,
} from "@tessera/shared";
import { presentCustomField } from "../../presenters/customField.ts";
import {
  createCustomField,
  deleteCustomField,
  getCustomField,
  listEventCustomFields,
  reorderCustomFields,
  updateCustomField,
  type CustomFieldView,
} from "../../../services/guests/customFields.ts";
import type { ApiContext } from "../../context.ts";
import { defineRoute, type Route } from "../define.ts";

const TAGS = ["custom fields"];
const ACCESS =
  "Reading needs events.read on a visible event, writing events.update; an event the caller cannot see answers 404.";
const RULES =
  "Rules (validation codes on 422): required and read-only are exclusive (required_read_only_exclusive); " +
  "choice types need at least one option (answer_per_question), each titled (option_title_required), with " +
  "distinct titles (option_label_taken) and quotas > 0 (quota_positive); number min ≤ max " +
  "(min_greater_than_max); multiple-choice min / max / exact consistent with the options " +
  "(not_enough_options); rating maxRating 2..10. Names are unique per event whatever their case (409 " +
  "custom_field_name_taken).";

const present = (ctx: ApiContext, view: CustomFieldView) =>
  presentCustomField(view.field, ctx.state.actor, view.event, view.ties);

/** /events/{a}/{e}/customfields: the questions every guest of the event may answer (spec §3, §7). */
export const customFieldRoutes: Route[] = [
  defineRoute({
    method: "get",
    path: "/events/:a/:e/customfields",
    summary: "List the event's custom fields",
    description: `In their order (position 0..n-1). ${ACCESS}`,
    tags: TAGS,
    params: EventScopedParams,
    response: CustomFieldList,
    errors: [404],
    handler: async (ctx, { params }) => {
      const { fields, event, ties } = await listEventCustomFields(ctx, params.a, params.e);
      return { data: fields.map((field) => presentCustomField(field, ctx.state.actor, event, ties)) };
    },
  }),
  defineRoute({
    method: "post",
    path: "/events/:a/:e/customfields",
    summary: "Create a custom field",
    description: `Added after the others. Options without an id get one. ${RULES} ${ACCESS}`,
    tags: TAGS,
    params: EventScopedParams,
    body: CustomFieldCreate,
    response: CustomFieldSchema,
    status: 201,
    errors: [403, 404, 409],
    handler: async (ctx, { params, body }) => present(ctx, await createCustomField(ctx, params.a, params.e, body)),
  }),
  // Before /customfields/:id, which would otherwise take "reorder" for an id.
  defineRoute({
    method: "post",
    path: "/events/:a/:e/customfields/reorder",
    summary: "Reorder the event's custom fields",
    description: `\`ids\`: every field of the event, once each, in the new order (422 invalid_value on ids otherwise). ${ACCESS}`,
    tags: TAGS,
    params: EventScopedParams,
    body: CustomFieldReorder,
    response: CustomFieldList,
    errors: [403, 404],
    handler: async (ctx, { params, body }) => {
      const { fields, event, ties } = await reorderCustomFields(ctx, params.a, params.e, body.ids);
      return { data: fields.map((field) => presentCustomField(field, ctx.state.actor, event, ties)) };
    },
  }),
  defineRoute({
    method: "get",
    path: "/events/:a/:e/customfields/:id",
    summary: "Get a custom field",
    description: ACCESS,
    tags: TAGS,
    params: EventScopedIdParams,
    response: CustomFieldSchema,
    errors: [404],
    handler: async (ctx, { params }) => present(ctx, await getCustomField(ctx, params.a, params.e, params.id)),
  }),
  defineRoute({
    method: "post",
    path: "/events/:a/:e/customfields/:id",
    summary: "Update a custom field",
    description:
      "The type cannot change. `options`, when given, replaces the list: an option sent without an id keeps the " +
      "id of the current option with the same title. An option guests already chose cannot be removed or " +
      `retitled (422 option_already_chosen); its quota may change. ${RULES} ${ACCESS}`,
    tags: TAGS,
    params: EventScopedIdParams,
    body: CustomFieldUpdate,
    response: CustomFieldSchema,
    errors: [403, 404, 409],
    handler: async (ctx, { params, body }) =>
      present(ctx, await updateCustomField(ctx, params.a, params.e, params.id, body)),
  }),
  defineRoute({
    method: "delete",
    path: "/events/:a/:e/customfields/:id",
    summary: "Delete a custom field",
    description: `Its answers are removed from every guest of the event; the others' positions close up. ${ACCESS}`,
    tags: TAGS,
    params: EventScopedIdParams,
    response: Ok,
    errors: [403, 404],
    handler: async (ctx, { params }) => {
      await deleteCustomField(ctx, params.a, params.e, params.id);
      return { ok: true as const };
    },
  }),
];
