import { Ok } from "../schemas/common.ts";
import {
  FormCreate,
  FormList,
  FormOptionsSchema,
  FormOptionsUpdate,
  FormStatisticsSchema,
  FormTermsUpload,
  FormSchema,
  FormUpdate,
} from "../schemas/forms.ts";
import { EventScopedIdParams, EventScopedParams } from "../schemas/guests.ts";
import { contract } from "./contract.ts";

const tags = ["forms"];

/** /events/{a}/{e}/forms: the event's registration forms, satisfaction surveys and companion forms (spec §7). */
export const formContracts = {
  list: contract({
    method: "get",
    path: "/events/:a/:e/forms",
    summary: "List the event's forms",
    description:
      "Registration forms, satisfaction surveys and companion forms, newest first. Anyone who sees the event.",
    tags,
    params: EventScopedParams,
    response: FormList,
    errors: [404],
  }),
  create: contract({
    method: "post",
    path: "/events/:a/:e/forms",
    summary: "Create a form",
    description:
      "A draft. The builder's rules (spec §5) apply: a title, at least one item, each question a title, a choice " +
      "question an answer, a conditional block a question, an answer and an item. Editors and up (events.update).",
    tags,
    params: EventScopedParams,
    body: FormCreate,
    response: FormSchema,
    status: 201,
    errors: [403, 404, 422],
  }),
  get: contract({
    method: "get",
    path: "/events/:a/:e/forms/:id",
    summary: "Get a form",
    tags,
    params: EventScopedIdParams,
    response: FormSchema,
    errors: [404],
  }),
  update: contract({
    method: "post",
    path: "/events/:a/:e/forms/:id",
    summary: "Update a form",
    description:
      "Title, items, draft or online. The whole form must keep the builder's rules. Editors and up (events.update).",
    tags,
    params: EventScopedIdParams,
    body: FormUpdate,
    response: FormSchema,
    errors: [403, 404, 422],
  }),
  duplicate: contract({
    method: "post",
    path: "/events/:a/:e/forms/:id/duplicate",
    summary: "Duplicate a form",
    description: "A draft copy titled after the original. Editors and up (events.update).",
    tags,
    params: EventScopedIdParams,
    response: FormSchema,
    status: 201,
    errors: [403, 404],
  }),
  options: contract({
    method: "get",
    path: "/events/:a/:e/forms/:id/options",
    summary: "Get a form's options",
    description: "Approval, opening and closing dates, the confirmation message in each language.",
    tags,
    params: EventScopedIdParams,
    response: FormOptionsSchema,
    errors: [404],
  }),
  setOptions: contract({
    method: "post",
    path: "/events/:a/:e/forms/:id/options",
    summary: "Change a form's options",
    description:
      "`params` holds the options to change; the confirmation message is set for `language` (default: the " +
      "caller's). Editors and up (events.update).",
    tags,
    params: EventScopedIdParams,
    body: FormOptionsUpdate,
    response: FormOptionsSchema,
    errors: [403, 404, 422],
  }),
  statistics: contract({
    method: "get",
    path: "/events/:a/:e/forms/:id/statistics",
    summary: "A form's answers in figures",
    description:
      "How many guests answered (a survey's respondents, a registration form's registered guests) and, for each " +
      "question, each answer's count, or the average and spread of numbers and ratings. Anyone who sees the event.",
    tags,
    params: EventScopedIdParams,
    response: FormStatisticsSchema,
    errors: [404],
  }),
  uploadTerms: contract({
    method: "post",
    path: "/events/:a/:e/forms/:id/terms",
    summary: "Set a form's terms (a PDF)",
    description:
      "multipart/form-data with a `file` part: a PDF judged from its content (422 unsupported_file_type), at most " +
      "PDF_MAX_BYTES (413). Replaces the former terms. Editors and up (events.update).",
    tags,
    params: EventScopedIdParams,
    multipart: FormTermsUpload,
    response: FormSchema,
    status: 201,
    errors: [403, 404, 413, 415, 422],
  }),
  terms: contract({
    method: "get",
    path: "/events/:a/:e/forms/:id/terms",
    summary: "Download a form's terms",
    tags,
    params: EventScopedIdParams,
    download: "application/pdf",
    errors: [404],
  }),
  remove: contract({
    method: "delete",
    path: "/events/:a/:e/forms/:id",
    summary: "Delete a form",
    description: "Editors and up (events.update).",
    tags,
    params: EventScopedIdParams,
    response: Ok,
    errors: [403, 404],
  }),
};
