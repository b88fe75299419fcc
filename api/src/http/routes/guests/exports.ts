import { guestExportContracts as guestExport } from "@tessera/shared/contracts/guestExport";
import { exportGuests } from "../../../services/guests/export/export.ts";
import { route, type Route } from "../define.ts";

/** /events/{a}/{e}/users/export: the filtered guest list as a CSV or XLSX file. */
export const guestExportRoutes: Route[] = [
  route(guestExport.download, async (scope, { params, query }, ctx) => {
    const file = await exportGuests(scope, { accountId: params.a, eventId: params.e }, query);
    ctx.type = file.contentType;
    ctx.attachment(file.fileName);
    ctx.body = file.body;
  }),
];
