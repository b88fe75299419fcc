import { Ok } from "../schemas/common.ts";
import {
  EbadgeAccountItemParams,
  EbadgeAccountListQuery,
  EbadgeBackgroundUpload,
  EbadgeBatchCreate,
  EbadgeBatchSchema,
  EbadgeConditionsList,
  EbadgeConditionsUpdate,
  EbadgeCreate,
  EbadgeList,
  EbadgePrintCreate,
  EbadgePrintList,
  EbadgePrintParams,
  EbadgePreviewRequest,
  EbadgePrintSchema,
  EbadgeSchema,
  EbadgeUpdate,
  PortalBadgeParams,
} from "../schemas/ebadges.ts";
import { AccountParams } from "../schemas/common.ts";
import { EventScopedIdParams, EventScopedParams } from "../schemas/guests.ts";
import { EBADGE_BACKGROUND_MAX_BYTES } from "../rules/ebadges.ts";
import { contract } from "./contract.ts";

const tags = ["ebadges"];
const READ = "Anyone who sees the event.";
const WRITE = "Editors and up (events.update).";
const UNITS =
  "Blocks are placed in millimetres from the page's top-left corner (x right, y down), font sizes in points, " +
  "rotation in degrees clockwise about the block's centre.";
const ONE_BADGE =
  "Spec §5: a guest gets at most one e-badge. An enabled template without conditions is the event's default " +
  "badge (guests no conditioned template picks get it); at most one such template may be enabled, and no guest " +
  "may match the conditions of two enabled templates: 409 ebadge_conditions_overlap names the guests concerned " +
  "(`details.guests`, up to 20, and `details.total`).";

/*
 * E-badges (spec §7 ebadges). Our routes live under /events/{a}/{e}/ebadges like every event's resource (forms,
 * custom fields); the spec's own paths that differ — GET accounts/{a}/ebadges, POST and DELETE
 * accounts/{a}/{e}/ebadges/{id} — are served too, by the same services. The spec's `ebadges/conditions` is the
 * event's: GET and POST /events/{a}/{e}/ebadges/conditions.
 */
export const ebadgeContracts = {
  list: contract({
    method: "get",
    path: "/events/:a/:e/ebadges",
    summary: "List the event's e-badge templates",
    description: `Oldest first (the order in which a guest's badge is chosen). ${READ}`,
    tags,
    params: EventScopedParams,
    response: EbadgeList,
    errors: [404],
  }),
  accountList: contract({
    method: "get",
    path: "/accounts/:a/ebadges",
    summary: "List the account's e-badge templates (spec path)",
    description:
      "The templates of every event of the account the caller sees, or of the one `event`. Any member of the account.",
    tags,
    params: AccountParams,
    query: EbadgeAccountListQuery,
    response: EbadgeList,
    errors: [404],
  }),
  create: contract({
    method: "post",
    path: "/events/:a/:e/ebadges",
    summary: "Create an e-badge template",
    description: `A4 portrait unless said (also A6 and A7 badge sizes, either way round). ${UNITS} ${ONE_BADGE} ${WRITE}`,
    tags,
    params: EventScopedParams,
    body: EbadgeCreate,
    response: EbadgeSchema,
    status: 201,
    errors: [403, 404, 409, 422],
  }),
  conditions: contract({
    method: "get",
    path: "/events/:a/:e/ebadges/conditions",
    summary: "The conditions of the event's e-badge templates",
    description: `Each template's rule (null: none). ${READ}`,
    tags,
    params: EventScopedParams,
    response: EbadgeConditionsList,
    errors: [404],
  }),
  setConditions: contract({
    method: "post",
    path: "/events/:a/:e/ebadges/conditions",
    summary: "Set the conditions of the event's e-badge templates",
    description:
      "The rules of the condition engine over the guests' answers and attributes, for the templates named, " +
      "checked together. At least one template is needed (spec §5: 409 ebadge_required). " +
      `${ONE_BADGE} ${WRITE}`,
    tags,
    params: EventScopedParams,
    body: EbadgeConditionsUpdate,
    response: EbadgeConditionsList,
    errors: [403, 404, 409, 422],
  }),
  print: contract({
    method: "post",
    path: "/events/:a/:e/ebadges/prints",
    summary: "Print one guest's badge",
    description:
      "Records the print (who, when, why) and answers it with the address of its PDF. A guest whose badge was " +
      "printed before needs a `reason` (422 at `reason` otherwise): the print is a reprint. A guest no template " +
      `gives a badge: 409 ebadge_none_for_guest. ${WRITE}`,
    tags,
    params: EventScopedParams,
    body: EbadgePrintCreate,
    response: EbadgePrintSchema,
    status: 201,
    errors: [403, 404, 409, 422],
  }),
  printPdf: contract({
    method: "get",
    path: "/events/:a/:e/ebadges/prints/:id/pdf",
    summary: "The PDF of a print",
    description: `The guest's badge as their template now is. 500 ebadges_not_generated on failure. ${READ}`,
    tags,
    params: EbadgePrintParams,
    download: "application/pdf",
    errors: [404, 409, 500],
  }),
  guestPrints: contract({
    method: "get",
    path: "/events/:a/:e/users/:id/ebadge-prints",
    summary: "A guest's badge prints",
    description: `Every print of the guest's badge, newest first, with who printed it and why. ${READ}`,
    tags,
    params: EventScopedIdParams,
    response: EbadgePrintList,
    errors: [404],
  }),
  createBatch: contract({
    method: "post",
    path: "/events/:a/:e/ebadges/batches",
    summary: "Print the badges of the filtered guest list (one PDF)",
    description:
      "A job: the guests the list's view, filters and search match, each with their badge, one per page or on " +
      "A4 sheets (4 × A6, 8 × A7), written as a stream in constant memory. Without `reason` guests printed " +
      "before are skipped; with one they are reprinted for it. Each print is recorded. Poll GET batches/{id} " +
      `for the progress, then download its PDF. Failure: status failed, ebadges_not_generated. ${WRITE}`,
    tags,
    params: EventScopedParams,
    body: EbadgeBatchCreate,
    response: EbadgeBatchSchema,
    status: 202,
    errors: [403, 404, 409, 422],
  }),
  batch: contract({
    method: "get",
    path: "/events/:a/:e/ebadges/batches/:id",
    summary: "A bulk print's progress",
    description: READ,
    tags,
    params: EventScopedIdParams,
    response: EbadgeBatchSchema,
    errors: [404],
  }),
  batchPdf: contract({
    method: "get",
    path: "/events/:a/:e/ebadges/batches/:id/pdf",
    summary: "A bulk print's PDF, once done",
    description: `409 while it is not done. ${READ}`,
    tags,
    params: EventScopedIdParams,
    download: "application/pdf",
    errors: [404, 409],
  }),
  get: contract({
    method: "get",
    path: "/events/:a/:e/ebadges/:id",
    summary: "Get an e-badge template",
    description: READ,
    tags,
    params: EventScopedIdParams,
    response: EbadgeSchema,
    errors: [404],
  }),
  update: contract({
    method: "post",
    path: "/events/:a/:e/ebadges/:id",
    summary: "Change an e-badge template",
    description: `Only what is sent changes; \`blocks\` replaces them all. ${UNITS} ${ONE_BADGE} ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    body: EbadgeUpdate,
    response: EbadgeSchema,
    errors: [403, 404, 409, 422],
  }),
  preview: contract({
    method: "post",
    path: "/events/:a/:e/ebadges/:id/preview",
    summary: "Preview a template as it is being edited (PDF)",
    description:
      "The badge editor's preview: the template with `draft` over it (an update's body: only what is sent " +
      "differs from the saved template; `removeBackground` leaves the background out) drawn for the guest " +
      "`guestId` of the event, or for a sample guest when none is named. Nothing is saved and no print is " +
      "recorded; the draft's blocks are checked as a save checks them (422). The conditions and `isEnabled` of " +
      `the draft do not change the drawing. 500 ebadges_not_generated on failure. ${UNITS} ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    body: EbadgePreviewRequest,
    download: "application/pdf",
    errors: [403, 404, 422, 500],
  }),
  remove: contract({
    method: "delete",
    path: "/events/:a/:e/ebadges/:id",
    summary: "Delete an e-badge template",
    description: `Its prints stay in the log. ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    response: Ok,
    errors: [403, 404],
  }),
  accountUpdate: contract({
    method: "post",
    path: "/accounts/:a/:e/ebadges/:id",
    summary: "Change an e-badge template (spec path)",
    description: "Same as POST /events/{a}/{e}/ebadges/{id}.",
    tags,
    params: EbadgeAccountItemParams,
    body: EbadgeUpdate,
    response: EbadgeSchema,
    errors: [403, 404, 409, 422],
  }),
  accountRemove: contract({
    method: "delete",
    path: "/accounts/:a/:e/ebadges/:id",
    summary: "Delete an e-badge template (spec path)",
    description: "Same as DELETE /events/{a}/{e}/ebadges/{id}.",
    tags,
    params: EbadgeAccountItemParams,
    response: Ok,
    errors: [403, 404],
  }),
  uploadBackground: contract({
    method: "post",
    path: "/events/:a/:e/ebadges/:id/background",
    summary: "Set a template's background image",
    description:
      "multipart/form-data with a `file` part: JPEG or PNG judged from its content (422 " +
      `unsupported_image_type), at most ${EBADGE_BACKGROUND_MAX_BYTES} bytes (413 file_too_big), with the shape ` +
      "of an A4 sheet (1:√2 either way round, 422 ebadge_background_not_a4). It covers the whole page. " +
      WRITE,
    tags,
    params: EventScopedIdParams,
    multipart: EbadgeBackgroundUpload,
    response: EbadgeSchema,
    status: 201,
    errors: [403, 404, 413, 415, 422],
  }),
  background: contract({
    method: "get",
    path: "/events/:a/:e/ebadges/:id/background",
    summary: "A template's background image",
    description: READ,
    tags,
    params: EventScopedIdParams,
    download: ["image/jpeg", "image/png"],
    errors: [404],
  }),
  portalBadge: contract({
    method: "get",
    path: "/public/events/:event/portal/badge.pdf",
    auth: "public",
    summary: "The signed-in guest's own e-badge (PDF)",
    description:
      "For the guest of the portal session (401 without one). Recorded as a print by the guest. No template " +
      "gives them a badge: 404.",
    tags,
    params: PortalBadgeParams,
    download: "application/pdf",
    errors: [401, 404, 500],
  }),
};
