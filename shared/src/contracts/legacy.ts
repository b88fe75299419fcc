import {
  AddRecommendationsBody,
  DuplicateListQuery,
  DuplicatePage,
  RecommendationJsonSchema,
  RecommendationList,
  RecommendationListQuery,
  RecommendationPage,
} from "../schemas/guestDuplicates.ts";
import { DeleteGuestsResult, GuestSchema } from "../schemas/guests.ts";
import { LegacyDeleteGuestsBody, LegacyEventIdParams, LegacyEventParams, LegacyMergeQuery } from "../schemas/legacy.ts";
import { GuestImportUploadResult, ImportUploadForm } from "../schemas/guestImports.ts";
import { contract } from "./contract.ts";

/*
 * The legacy JSON endpoints of spec §7 (`/{event}/admin/...`, `/{event}/recommendations/...`), served
 * outside /api/v1 by the same services as their /api/v1 twins; the event is named by its slug.
 */

const DUPLICATE_TAGS = ["duplicates", "legacy"];
const DUPLICATE_ACCESS =
  "`event` is the event's slug, in the caller's account (404 otherwise). Read: events.read; merge and delete: " +
  "events.update.";

const RECOMMENDATION_TAGS = ["recommendations", "legacy"];
const RECOMMENDATION_ACCESS =
  "`event` is the event's slug, in the caller's account (404 otherwise). Read: events.read; writes: events.update.";
const GET_WRITE = "A write on GET: cookie sessions must send the X-CSRF-Token header.";
const GUEST_SIDE =
  "Guest side: until guests log in by emailed link (a later issue), the caller is an organizer or an API key of " +
  "the account acting for the guest named by id.";

export const legacyContracts = {
  duplicates: contract({
    method: "get",
    path: "/:event/admin/duplicates/getDuplicatesJson",
    isLegacy: true,
    summary: "List the event's duplicate guests (legacy)",
    description: "Same as GET /api/v1/events/{a}/{e}/duplicates. " + DUPLICATE_ACCESS,
    tags: DUPLICATE_TAGS,
    params: LegacyEventParams,
    query: DuplicateListQuery,
    response: DuplicatePage,
    errors: [404],
  }),
  mergeDuplicates: contract({
    method: "get",
    path: "/:event/admin/duplicates/mergeJson",
    isLegacy: true,
    summary: "Merge guest user2 into guest user1 (legacy)",
    description:
      "user1 is kept. Same merge as POST /api/v1/events/{a}/{e}/duplicates/merge. A write on GET: cookie " +
      "sessions must send the X-CSRF-Token header. " +
      DUPLICATE_ACCESS,
    tags: DUPLICATE_TAGS,
    params: LegacyEventParams,
    query: LegacyMergeQuery,
    response: GuestSchema,
    errors: [403, 404],
  }),
  deleteDuplicates: contract({
    method: "post",
    path: "/:event/admin/duplicates/deleteJson",
    isLegacy: true,
    summary: "Delete selected duplicate guests (legacy)",
    description:
      "The same deletion as POST /api/v1/events/{a}/{e}/deleteusers: guests a registered guard refuses (e.g. " +
      "holding a ticket) stay and are listed with the reason. " +
      DUPLICATE_ACCESS,
    tags: DUPLICATE_TAGS,
    params: LegacyEventParams,
    body: LegacyDeleteGuestsBody,
    response: DeleteGuestsResult,
    errors: [403, 404],
  }),
  recommendations: contract({
    method: "get",
    path: "/:event/admin/recommendations/getAllRecommendationsJson",
    isLegacy: true,
    summary: "List the event's recommendations (legacy)",
    description: "Same as GET /api/v1/events/{a}/{e}/recommendations. " + RECOMMENDATION_ACCESS,
    tags: RECOMMENDATION_TAGS,
    params: LegacyEventParams,
    query: RecommendationListQuery,
    response: RecommendationPage,
    errors: [404],
  }),
  acceptRecommendation: contract({
    method: "get",
    path: "/:event/admin/recommendations/acceptRecommendationJson/:id",
    isLegacy: true,
    summary: "Accept a recommendation (legacy)",
    description: `Pending only (409 otherwise). ${GET_WRITE} ${RECOMMENDATION_ACCESS}`,
    tags: RECOMMENDATION_TAGS,
    params: LegacyEventIdParams,
    response: RecommendationJsonSchema,
    errors: [403, 404, 409],
  }),
  refuseRecommendation: contract({
    method: "get",
    path: "/:event/admin/recommendations/refuseRecommendationJson/:id",
    isLegacy: true,
    summary: "Refuse a recommendation (legacy)",
    description: `Pending only (409 otherwise). ${GET_WRITE} ${RECOMMENDATION_ACCESS}`,
    tags: RECOMMENDATION_TAGS,
    params: LegacyEventIdParams,
    response: RecommendationJsonSchema,
    errors: [403, 404, 409],
  }),
  addRecommendations: contract({
    method: "post",
    path: "/:event/recommendations/addRecommendationsJson",
    isLegacy: true,
    summary: "Recommend people (legacy, guest side)",
    description: `${GUEST_SIDE} ${RECOMMENDATION_ACCESS}`,
    tags: RECOMMENDATION_TAGS,
    params: LegacyEventParams,
    body: AddRecommendationsBody,
    response: RecommendationList,
    status: 201,
    errors: [403, 404],
  }),
  guestRecommendations: contract({
    method: "get",
    path: "/:event/recommendations/getRecommendationsJson/:id",
    isLegacy: true,
    summary: "The recommendations guest :id made (legacy, guest side)",
    description: `${GUEST_SIDE} ${RECOMMENDATION_ACCESS}`,
    tags: RECOMMENDATION_TAGS,
    params: LegacyEventIdParams,
    response: RecommendationList,
    errors: [404],
  }),
  /** Step 1 of the same import as /api/v1 (`/{event}/admin/imports/uploadCsvJson`). */
  uploadCsv: contract({
    method: "post",
    path: "/:event/admin/imports/uploadCsvJson",
    isLegacy: true,
    summary: "Upload a guest CSV file (legacy import step 1)",
    description:
      "Same as POST /api/v1/events/{a}/{e}/imports: multipart `file`; header `x-has-headers: 1|0` (default 1). " +
      "`event` is the event's slug, in the caller's account (404 otherwise); events.update.",
    tags: ["guest imports", "legacy"],
    params: LegacyEventParams,
    multipart: ImportUploadForm,
    response: GuestImportUploadResult,
    status: 201,
    errors: [403, 404, 413, 422],
  }),
};
