import { legacyContracts as legacy } from "@tessera/shared/contracts/legacy";
import { presentImportUpload } from "../presenters/guestImport.ts";
import { route, type Route } from "../routes/define.ts";
import { importUploadReader } from "../routes/guests/imports.ts";
import { uploadGuestImport } from "../../services/guests/import/upload.ts";

/** `/{event}/admin/imports/...` of spec §7: the same import, the event named by its slug. */
export const legacyImportRoutes: Route[] = [
  route(legacy.uploadCsv, async (scope, { params }, ctx) => {
    const readFile = importUploadReader(ctx, ctx.get("x-has-headers") || undefined);
    return presentImportUpload(await uploadGuestImport(scope, { slug: params.event }, readFile), scope.t);
  }),
];
