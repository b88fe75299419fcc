import { defineRoute, type Route } from "../routes/define.ts";
import { handleImportUpload, ImportUploadForm } from "../routes/guests/imports.ts";
import { GuestImportUploadResult } from "../../services/guests/import/schemas.ts";
import { LegacyEventParams } from "@tessera/shared/schemas/legacy";
// TRANSITION: the guests/import area moves this lookup into its service (an EventKey `{ slug }`).
import { findEventBySlugFor } from "../../services/events/find.ts";

export const legacyImportRoutes: Route[] = [
  defineRoute({
    method: "post",
    path: "/:event/admin/imports/uploadCsvJson",
    isLegacy: true,
    summary: "Upload a guest CSV file (legacy import step 1)",
    description:
      "Same as POST /api/v1/events/{a}/{e}/imports: multipart `file`; header `x-has-headers: 1|0` (default 1). " +
      "`event` is the event's slug, in the caller's account (404 otherwise); events.update.",
    tags: ["guest imports", "legacy"],
    params: LegacyEventParams,
    documentedBodies: { "multipart/form-data": ImportUploadForm },
    response: GuestImportUploadResult,
    status: 201,
    errors: [403, 404, 413, 422],
    handler: async (ctx, { params }) => {
      const { event } = await findEventBySlugFor(ctx.deps.db, ctx.state.actor, "update", params.event);
      return handleImportUpload(ctx, event, ctx.get("x-has-headers") || undefined);
    },
  }),
];
