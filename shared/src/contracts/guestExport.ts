import { GuestExportQuery } from "../schemas/guestExport.ts";
import { EventScopedParams } from "../schemas/guests.ts";
import { contract } from "./contract.ts";

/** The guest list as a file (the browser follows a link to it). */
export const guestExportContracts = {
  download: contract({
    method: "get",
    path: "/events/:a/:e/users/export",
    summary: "Export the filtered guest list (CSV or XLSX)",
    description:
      "Anyone who may read the event's guests. The list's filters, search, view and sort; `columns` chooses " +
      "the columns (custom fields headed `label [id]` so a re-import maps them). CSV is UTF-8 with BOM, `;` " +
      "or `,`. Any cell starting with =, +, -, @, TAB or CR is prefixed with '. Failure: 500 export_failed.",
    tags: ["guests"],
    params: EventScopedParams,
    query: GuestExportQuery,
    download: ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    errors: [404, 422, 500],
  }),
};
