import { legacyImportContracts as legacyImports } from "@tessera/shared/contracts/guestImports";
import { route, type Route } from "../routes/define.ts";
import { handleImportUpload } from "../routes/guests/imports.ts";
import { findLegacyEvent } from "./eventBySlug.ts";

/** `/{event}/admin/imports/...` of spec §7: the same import, the event named by its slug. */
export const legacyImportRoutes: Route[] = [
  route(legacyImports.upload, async (scope, { params }, ctx) => {
    const { event } = await findLegacyEvent(ctx, params.event, "update");
    return handleImportUpload(scope, ctx, event, ctx.get("x-has-headers") || undefined);
  }),
];
