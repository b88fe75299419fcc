import { Ok } from "../schemas/common.ts";
import {
  CustomFieldCreate,
  CustomFieldList,
  CustomFieldReorder,
  CustomFieldSchema,
  CustomFieldUpdate,
  EventScopedIdParams,
  EventScopedParams,
} from "../schemas/guests.ts";
import { contract } from "./contract.ts";

const tags = ["custom fields"];
const ACCESS =
  "Reading needs events.read on a visible event, writing events.update; an event the caller cannot see answers 404.";
const RULES =
  "Rules (validation codes on 422): required and read-only are exclusive (required_read_only_exclusive); " +
  "choice types need at least one option (answer_per_question), each titled (option_title_required), with " +
  "distinct titles (option_label_taken) and quotas > 0 (quota_positive); number min ≤ max " +
  "(min_greater_than_max); multiple-choice min / max / exact consistent with the options " +
  "(not_enough_options); rating maxRating 2..10. Names are unique per event whatever their case (409 " +
  "custom_field_name_taken).";

/** /events/{a}/{e}/customfields: the questions every guest of the event may answer (spec §3, §7). */
export const customFieldContracts = {
  list: contract({
    method: "get",
    path: "/events/:a/:e/customfields",
    summary: "List the event's custom fields",
    description: `In their order (position 0..n-1). ${ACCESS}`,
    tags,
    params: EventScopedParams,
    response: CustomFieldList,
    errors: [404],
  }),
  create: contract({
    method: "post",
    path: "/events/:a/:e/customfields",
    summary: "Create a custom field",
    description: `Added after the others. Options without an id get one. ${RULES} ${ACCESS}`,
    tags,
    params: EventScopedParams,
    body: CustomFieldCreate,
    response: CustomFieldSchema,
    status: 201,
    errors: [403, 404, 409],
  }),
  reorder: contract({
    method: "post",
    path: "/events/:a/:e/customfields/reorder",
    summary: "Reorder the event's custom fields",
    description: `\`ids\`: every field of the event, once each, in the new order (422 invalid_value on ids otherwise). ${ACCESS}`,
    tags,
    params: EventScopedParams,
    body: CustomFieldReorder,
    response: CustomFieldList,
    errors: [403, 404],
  }),
  get: contract({
    method: "get",
    path: "/events/:a/:e/customfields/:id",
    summary: "Get a custom field",
    description: ACCESS,
    tags,
    params: EventScopedIdParams,
    response: CustomFieldSchema,
    errors: [404],
  }),
  update: contract({
    method: "post",
    path: "/events/:a/:e/customfields/:id",
    summary: "Update a custom field",
    description:
      "The type cannot change. `options`, when given, replaces the list: an option sent without an id keeps the " +
      "id of the current option with the same title. An option guests already chose cannot be removed or " +
      `retitled (422 option_already_chosen); its quota may change. ${RULES} ${ACCESS}`,
    tags,
    params: EventScopedIdParams,
    body: CustomFieldUpdate,
    response: CustomFieldSchema,
    errors: [403, 404, 409],
  }),
  remove: contract({
    method: "delete",
    path: "/events/:a/:e/customfields/:id",
    summary: "Delete a custom field",
    description: `Its answers are removed from every guest of the event; the others' positions close up. ${ACCESS}`,
    tags,
    params: EventScopedIdParams,
    response: Ok,
    errors: [403, 404],
  }),
};
