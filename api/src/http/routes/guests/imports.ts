import { Type } from "@sinclair/typebox";
import { EventScopedIdParams, EventScopedParams } from "@tessera/shared";
import type { ApiContext } from "../../context.ts";
import { AppError } from "../../../errors.ts";
import type { Event } from "../../../models/Event.ts";
import { isMultipart, readMultipart } from "../../middleware/multipart.ts";
import { findEventFor } from "../../../services/events/find.ts";
import { errorReportCsv, presentGuestImport } from "../../../services/guests/import/report.ts";
import type { ImportRowError } from "../../../services/guests/import/rows.ts";
import {
  GuestImportMappingBody,
  GuestImportMappingResult,
  GuestImportResult,
  GuestImportUploadResult,
} from "../../../services/guests/import/schemas.ts";
import {
  cancelGuestImport,
  findGuestImport,
  mapGuestImport,
  queueGuestImport,
  uploadGuestImport,
} from "../../../services/guests/import/service.ts";
import { loadErrorReport } from "../../../services/guests/import/store.ts";
import { defineRoute, type Route } from "../define.ts";

const TAGS = ["guest imports"];
const BASE = "/events/:a/:e/imports";

export const ImportUploadForm = Type.Object({
  file: Type.String({
    contentMediaType: "text/csv",
    description:
      "CSV (UTF-8 with or without BOM, or Windows-1252; `,` `;` or TAB) or an Excel .xlsx workbook, whose first sheet is read",
  }),
  hasHeaders: Type.Optional(Type.String({ enum: ["1", "0", "true", "false"], description: "default 1" })),
});

export function parseHasHeaders(raw: string | undefined): boolean {
  return !(raw === "0" || raw === "false");
}

/** Reads the multipart upload (413 file_too_big beyond IMPORT_MAX_BYTES) and runs step 1. */
export async function handleImportUpload(ctx: ApiContext, event: Event, hasHeadersHeader?: string) {
  if (!isMultipart(ctx)) throw AppError.invalid([{ field: "file", code: "required" }]);
  const form = await readMultipart(ctx, { fileField: "file", maxFileBytes: ctx.deps.config.guestImport.maxBytes });
  if (!form.file || form.file.bytes.length === 0) throw AppError.invalid([{ field: "file", code: "required" }]);
  const hasHeaders = parseHasHeaders(form.fields.hasHeaders ?? hasHeadersHeader);
  const result = await uploadGuestImport(ctx, event, form.file, hasHeaders);
  return {
    import: presentGuestImport(result.guestImport),
    preview: result.preview,
    suggestedMapping: result.suggestedMapping,
    columnIssues: result.columnIssues.map((issue) => ({ ...issue, message: ctx.t(`validation:${issue.code}`) })),
  };
}

function withMessages(errors: readonly ImportRowError[], ctx: ApiContext) {
  return errors.map((error) => ({ ...error, message: ctx.t(`validation:${error.code}`, { ...error.params }) }));
}

async function eventFor(ctx: ApiContext, params: { a: string; e: string }, ability: "read" | "update") {
  return (await findEventFor(ctx.deps.db, ctx.state.actor, ability, params.a, params.e)).event;
}

export const guestImportRoutes: Route[] = [
  defineRoute({
    method: "post",
    path: BASE,
    summary: "Import guests, step 1: upload a CSV file",
    description:
      "Editors and above (`events.update`). multipart/form-data with a `file` part and an optional `hasHeaders` " +
      "field (1/0, default 1). Detects the encoding (UTF-8 with or without BOM, otherwise Windows-1252) and the " +
      "separator (`,` `;` TAB), and answers a preview of the first 10 rows and a suggested mapping. Columns of a " +
      "Tessera export headed by a custom field's id (or `label [id]`) map to it; an id that is not a custom field " +
      "of this event is listed in `columnIssues`. Too big: 413 file_too_big; more rows than IMPORT_MAX_ROWS: 422 " +
      "import_too_many_rows; unreadable CSV: 422 import_malformed_file.",
    tags: TAGS,
    params: EventScopedParams,
    documentedBodies: { "multipart/form-data": ImportUploadForm },
    response: GuestImportUploadResult,
    status: 201,
    errors: [403, 404, 413, 422],
    handler: async (ctx, { params }) => handleImportUpload(ctx, await eventFor(ctx, params, "update")),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/:id`,
    summary: "An import's status and progress",
    description: "Anyone who may read the event's guests. `processedRows / totalRows` is the progress.",
    tags: TAGS,
    params: EventScopedIdParams,
    response: GuestImportResult,
    errors: [404],
    handler: async (ctx, { params }) => {
      const event = await eventFor(ctx, params, "read");
      return { import: presentGuestImport(await findGuestImport(ctx, event, params.id)) };
    },
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/:id/mapping`,
    summary: "Import guests, step 2: map the columns",
    description:
      "`events.update`. Checks every row against the mapping without writing any guest; answers the first " +
      "errors (all of them in errors.csv). A target that is neither a guest field nor a custom field of this " +
      "event: 422 on `mapping.<column>`. Only an uploaded or mapped import (409 import_not_editable).",
    tags: TAGS,
    params: EventScopedIdParams,
    body: GuestImportMappingBody,
    response: GuestImportMappingResult,
    errors: [403, 404, 409, 422],
    handler: async (ctx, { params, body }) => {
      const event = await eventFor(ctx, params, "update");
      const mapping = Object.fromEntries(
        Object.entries(body.mapping).filter((entry): entry is [string, string] => Boolean(entry[1])),
      );
      const result = await mapGuestImport(ctx, event, params.id, mapping);
      return { import: presentGuestImport(result.guestImport), sampleErrors: withMessages(result.sampleErrors, ctx) };
    },
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/:id/process`,
    summary: "Import guests, step 3: process in the background",
    description:
      "`events.update`. Queues the import (202); follow it with GET. Guests matched by email are updated " +
      "(mapped fields only), the others created; bad rows are skipped and reported. All or nothing: an import " +
      "that dies midway writes no guest and may be processed again. 409 import_not_ready unless mapped.",
    tags: TAGS,
    params: EventScopedIdParams,
    response: GuestImportResult,
    status: 202,
    errors: [403, 404, 409],
    handler: async (ctx, { params }) => {
      const event = await eventFor(ctx, params, "update");
      return { import: presentGuestImport(await queueGuestImport(ctx, event, params.id)) };
    },
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/:id/errors.csv`,
    summary: "The per-row error report of an import (CSV)",
    description: "Row (file line), column, value and message in the caller's language; UTF-8 with BOM.",
    tags: TAGS,
    params: EventScopedIdParams,
    errors: [404],
    handler: async (ctx, { params }) => {
      const event = await eventFor(ctx, params, "read");
      const guestImport = await findGuestImport(ctx, event, params.id);
      ctx.type = "text/csv; charset=utf-8";
      ctx.attachment(`import-errors-${guestImport.id}.csv`);
      ctx.body = errorReportCsv(await loadErrorReport(ctx.deps, guestImport), ctx.t);
      return undefined;
    },
  }),
  defineRoute({
    method: "delete",
    path: `${BASE}/:id`,
    summary: "Cancel an import not processed yet",
    description: "`events.update`. Only an uploaded or mapped import (409 import_not_editable).",
    tags: TAGS,
    params: EventScopedIdParams,
    response: GuestImportResult,
    errors: [403, 404, 409],
    handler: async (ctx, { params }) => {
      const event = await eventFor(ctx, params, "update");
      return { import: presentGuestImport(await cancelGuestImport(ctx, event, params.id)) };
    },
  }),
];
