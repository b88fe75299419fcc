import { EventScopedIdParams, EventScopedParams } from "../schemas/guests.ts";
import {
  GuestImportMappingBody,
  GuestImportMappingResult,
  GuestImportResult,
  GuestImportUploadResult,
  ImportUploadForm,
} from "../schemas/guestImports.ts";
import { contract } from "./contract.ts";

const tags = ["guest imports"];
const BASE = "/events/:a/:e/imports";

/** The three-step import of a guest file (upload, mapping, process), its progress and its error report. */
export const guestImportContracts = {
  upload: contract({
    method: "post",
    path: BASE,
    summary: "Import guests, step 1: upload a CSV file",
    description:
      "Editors and above (`events.update`). multipart/form-data with a `file` part and an optional `hasHeaders` " +
      "field (1/0, default 1). What the file is comes from its bytes, never its name: an Excel workbook (.xlsx), " +
      "or text whose encoding is detected (UTF-16 LE or BE by its BOM or its NUL bytes, as Excel's Unicode " +
      "text; UTF-8 with or without BOM; otherwise Windows-1252); anything else (an image, a PDF, an archive, " +
      "binary data) is refused before it is stored: 422 import_not_text. Detects the " +
      "separator (`,` `;` TAB), and answers a preview of the first 10 rows and a suggested mapping. Columns of a " +
      "Tessera export headed by a custom field's id (or `label [id]`) map to it; an id that is not a custom field " +
      "of this event is listed in `columnIssues`. Too big: 413 file_too_big; more rows than IMPORT_MAX_ROWS: 422 " +
      "import_too_many_rows; unreadable CSV: 422 import_malformed_file.",
    tags,
    params: EventScopedParams,
    multipart: ImportUploadForm,
    response: GuestImportUploadResult,
    status: 201,
    errors: [403, 404, 413, 422],
  }),
  get: contract({
    method: "get",
    path: `${BASE}/:id`,
    summary: "An import's status and progress",
    description: "Anyone who may read the event's guests. `processedRows / totalRows` is the progress.",
    tags,
    params: EventScopedIdParams,
    response: GuestImportResult,
    errors: [404],
  }),
  setMapping: contract({
    method: "post",
    path: `${BASE}/:id/mapping`,
    summary: "Import guests, step 2: map the columns",
    description:
      "`events.update`. Checks every row against the mapping without writing any guest. A bad cell of an optional " +
      "field is a warning (the row is imported without that value); a bad email, first or last name, a bad " +
      "required custom field, a row with no email and not both names (import_row_no_identity: no guest is " +
      "created without one) or a ragged row refuses the row. Answers the first 50 problems of refused rows and " +
      "the first 50 warnings (all of them in errors.csv); the import's failedRows, warningRows and warningCells " +
      "count every row. A target that is neither a guest field nor a custom field of this event: 422 on " +
      "`mapping.<column>`; a mapping with no email column and not both name columns: 422 " +
      "import_no_identity_column on `mapping`. Only an uploaded or mapped import (409 import_not_editable).",
    tags,
    params: EventScopedIdParams,
    body: GuestImportMappingBody,
    response: GuestImportMappingResult,
    errors: [403, 404, 409, 422],
  }),
  process: contract({
    method: "post",
    path: `${BASE}/:id/process`,
    summary: "Import guests, step 3: process in the background",
    description:
      "`events.update`. Queues the import (202); follow it with GET. Guests matched by email are updated " +
      "(mapped fields only), the others created; refused rows are skipped and reported, rows with warnings " +
      "imported without their bad optional cells. An import that dies midway " +
      "(or failed) may be processed again: on PostgreSQL it is all or nothing (nothing was written, it runs from " +
      "scratch); on SQLite it commits in batches and resumes after them (import.writtenGuests), each row written " +
      "exactly once. 409 import_not_ready unless " +
      "mapped or failed; 429 import_too_many_running while the account already has IMPORT_MAX_RUNNING " +
      "(default 2) imports processing.",
    tags,
    params: EventScopedIdParams,
    response: GuestImportResult,
    status: 202,
    errors: [403, 404, 409, 429],
  }),
  errors: contract({
    method: "get",
    path: `${BASE}/:id/errors.csv`,
    summary: "The per-row error report of an import (CSV)",
    description:
      "Row (the line of the file the record starts on, header line and blank lines counted, a quoted cell " +
      "spanning lines counted in full; for an .xlsx workbook, the sheet's row), column, value, message in the " +
      "caller's language and result (row not imported, or imported without this value): refused rows first, " +
      "then warnings. UTF-8 with BOM, separated like the uploaded file (`,` `;` or TAB; `,` for an .xlsx workbook).",
    tags,
    params: EventScopedIdParams,
    download: "text/csv",
    errors: [404],
  }),
  cancel: contract({
    method: "delete",
    path: `${BASE}/:id`,
    summary: "Cancel an import not processed yet",
    description: "`events.update`. Only an uploaded or mapped import (409 import_not_editable).",
    tags,
    params: EventScopedIdParams,
    response: GuestImportResult,
    errors: [403, 404, 409],
  }),
};
