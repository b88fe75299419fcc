import { guestImportContracts as imports } from "@tessera/shared/contracts/guestImports";
import type { ApiContext } from "../../context.ts";
import { AppError } from "../../../errors.ts";
import type { Event } from "../../../models/Event.ts";
import { isMultipart, readMultipart } from "../../middleware/multipart.ts";
import { findEventFor } from "../../../services/events/find.ts";
import { errorReportCsv, presentGuestImport } from "../../../services/guests/import/report.ts";
import type { ImportRowError } from "../../../services/guests/import/rows.ts";
import {
  cancelGuestImport,
  findGuestImport,
  mapGuestImport,
  queueGuestImport,
  uploadGuestImport,
} from "../../../services/guests/import/service.ts";
import { loadErrorReport } from "../../../services/guests/import/store.ts";
import type { Scope } from "../../../services/scope.ts";
import { route, type Route } from "../define.ts";

export function parseHasHeaders(raw: string | undefined): boolean {
  return !(raw === "0" || raw === "false");
}

/** Reads the multipart upload (413 file_too_big beyond IMPORT_MAX_BYTES) and runs step 1. */
export async function handleImportUpload(scope: Scope, ctx: ApiContext, event: Event, hasHeadersHeader?: string) {
  if (!isMultipart(ctx)) throw AppError.invalid([{ field: "file", code: "required" }]);
  const form = await readMultipart(ctx, { fileField: "file", maxFileBytes: ctx.deps.config.guestImport.maxBytes });
  if (!form.file || form.file.bytes.length === 0) throw AppError.invalid([{ field: "file", code: "required" }]);
  const hasHeaders = parseHasHeaders(form.fields.hasHeaders ?? hasHeadersHeader);
  const result = await uploadGuestImport(ctx, event, form.file, hasHeaders);
  return {
    import: presentGuestImport(result.guestImport),
    preview: result.preview,
    suggestedMapping: result.suggestedMapping,
    columnIssues: result.columnIssues.map((issue) => ({ ...issue, message: scope.t(`validation:${issue.code}`) })),
  };
}

function withMessages(errors: readonly ImportRowError[], scope: Scope) {
  return errors.map((error) => ({ ...error, message: scope.t(`validation:${error.code}`, { ...error.params }) }));
}

async function eventFor(scope: Scope, params: { a: string; e: string }, ability: "read" | "update") {
  return (await findEventFor(scope.db, scope.actor, ability, params.a, params.e)).event;
}

/** /events/{a}/{e}/imports: the three-step guest import (spec §3). */
export const guestImportRoutes: Route[] = [
  route(imports.upload, async (scope, { params }, ctx) =>
    handleImportUpload(scope, ctx, await eventFor(scope, params, "update")),
  ),
  route(imports.get, async (scope, { params }, ctx) => {
    const event = await eventFor(scope, params, "read");
    return { import: presentGuestImport(await findGuestImport(ctx, event, params.id)) };
  }),
  route(imports.setMapping, async (scope, { params, body }, ctx) => {
    const event = await eventFor(scope, params, "update");
    const mapping = Object.fromEntries(
      Object.entries(body.mapping).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    const result = await mapGuestImport(ctx, event, params.id, mapping);
    return { import: presentGuestImport(result.guestImport), sampleErrors: withMessages(result.sampleErrors, scope) };
  }),
  route(imports.process, async (scope, { params }, ctx) => {
    const event = await eventFor(scope, params, "update");
    return { import: presentGuestImport(await queueGuestImport(ctx, event, params.id)) };
  }),
  route(imports.errors, async (scope, { params }, ctx) => {
    const event = await eventFor(scope, params, "read");
    const guestImport = await findGuestImport(ctx, event, params.id);
    ctx.type = "text/csv; charset=utf-8";
    ctx.attachment(`import-errors-${guestImport.id}.csv`);
    ctx.body = errorReportCsv(await loadErrorReport(scope.deps, guestImport), scope.t);
  }),
  route(imports.cancel, async (scope, { params }, ctx) => {
    const event = await eventFor(scope, params, "update");
    return { import: presentGuestImport(await cancelGuestImport(ctx, event, params.id)) };
  }),
];
