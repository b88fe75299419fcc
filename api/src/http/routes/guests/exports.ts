import { guestExportContracts as guestExport } from "@tessera/shared/contracts/guestExport";
import { findEventFor } from "../../../services/events/find.ts";
import { exportGuests } from "../../../services/guests/export/export.ts";
import { route, type Route } from "../define.ts";

/** /events/{a}/{e}/users/export: the filtered guest list as a CSV or XLSX file. */
export const guestExportRoutes: Route[] = [
  route(guestExport.download, async (scope, { params, query }, ctx) => {
    const { event } = await findEventFor(scope.db, scope.actor, "read", params.a, params.e);
    const { format, columns, separator, ...list } = query;
    const result = await exportGuests(ctx, event, list, {
      format: format ?? "csv",
      columns,
      separator: separator ?? ";",
    });
    ctx.type = result.contentType;
    ctx.attachment(result.fileName);
    ctx.body = result.body;
  }),
];
