import { randomUUID } from "node:crypto";
import type { ApiContext } from "../../../http/context.ts";
import { AppError } from "../../../errors.ts";
import type { Event } from "../../../models/Event.ts";
import { GuestImport, type ImportMapping } from "../../../models/GuestImport.ts";
import { sqlTime } from "../../../models/BaseModel.ts";
import { decodeFile, detectEncoding, detectSeparator, MalformedCsvError, parseCsv, type ParsedFile } from "./file.ts";
import { suggestMapping } from "./mapping.ts";
import { isXlsx, xlsxToCsv } from "./spreadsheet.ts";
import type { ImportRowError } from "./rows.ts";
import { importFileKey, loadImportFile, saveErrorReport } from "./store.ts";
import { listCustomFields } from "../customFields.ts";
import { checkRows } from "./validate.ts";
import type { ValidationIssue } from "@tessera/shared";

export const GUEST_IMPORT_JOB = "guests.import";
/** A processing import whose heartbeat is older than this is taken to be dead and may be started again. */
export const IMPORT_STALE_MS = 60_000;
export const PREVIEW_ROWS = 10;
export const SAMPLE_ERRORS = 50;

export interface UploadResult {
  guestImport: GuestImport;
  preview: string[][];
  suggestedMapping: ImportMapping;
  columnIssues: ValidationIssue[];
}

function parseOrRefuse(text: string, separator: string, hasHeaders: boolean): ParsedFile {
  try {
    return parseCsv(text, separator, hasHeaders);
  } catch (error) {
    if (error instanceof MalformedCsvError)
      throw new AppError("import_malformed_file", 422, { params: { line: error.line } });
    throw error;
  }
}

async function workbookText(bytes: Buffer): Promise<string> {
  try {
    return await xlsxToCsv(bytes);
  } catch {
    throw new AppError("import_unreadable_workbook", 422);
  }
}

/** Step 1: stores the file (an .xlsx workbook as the CSV of its first sheet), detects its encoding and separator, previews it and suggests a mapping. */
export async function uploadGuestImport(
  ctx: ApiContext,
  event: Event,
  file: { bytes: Buffer; fileName: string | null },
  hasHeaders: boolean,
): Promise<UploadResult> {
  const { maxRows } = ctx.deps.config.guestImport;
  // An Excel workbook is turned into CSV once, here; the later steps only ever read CSV.
  const workbook = await isXlsx(file.bytes);
  const stored = workbook ? Buffer.from(await workbookText(file.bytes), "utf8") : file.bytes;
  const encoding = workbook ? "utf-8" : detectEncoding(stored);
  const text = decodeFile(stored, encoding);
  const separator = workbook ? "," : detectSeparator(text);
  const parsed = parseOrRefuse(text, separator, hasHeaders);
  if (parsed.headers.length === 0) throw new AppError("import_empty_file", 422);
  if (parsed.rows.length > maxRows) {
    throw new AppError("import_too_many_rows", 422, { params: { max: maxRows, count: parsed.rows.length } });
  }
  const fields = await listCustomFields(ctx.deps.db, event.id);
  const { mapping, columnIssues } = suggestMapping(parsed.headers, fields);
  const id = randomUUID();
  const fileKey = importFileKey(event.accountId, id);
  await ctx.deps.storage.put(fileKey, stored, { contentType: "text/csv" });
  const actor = ctx.state.actor;
  const guestImport = await GuestImport.query(ctx.deps.db).insertAndFetch({
    id,
    accountId: event.accountId,
    eventId: event.id,
    createdBy: actor?.kind === "user" ? actor.id : null,
    status: "uploaded",
    fileName: file.fileName?.slice(0, 255) ?? null,
    fileKey,
    encoding,
    separator,
    sourceFormat: workbook ? "xlsx" : "csv",
    hasHeaders,
    headers: parsed.headers,
    mapping: null,
    totalRows: parsed.rows.length,
  });
  return {
    guestImport,
    preview: parsed.rows.slice(0, PREVIEW_ROWS).map((row) => row.cells),
    suggestedMapping: mapping,
    columnIssues,
  };
}

export async function findGuestImport(ctx: ApiContext, event: Event, id: string): Promise<GuestImport> {
  const guestImport = await GuestImport.query(ctx.deps.db).findById(id).where({ eventId: event.id });
  if (!guestImport) throw AppError.notFound();
  return guestImport;
}

/** Step 2: records the mapping after checking every row (nothing written to guests). */
export async function mapGuestImport(
  ctx: ApiContext,
  event: Event,
  id: string,
  mapping: ImportMapping,
): Promise<{ guestImport: GuestImport; sampleErrors: ImportRowError[] }> {
  const guestImport = await findGuestImport(ctx, event, id);
  if (guestImport.status !== "uploaded" && guestImport.status !== "mapped") {
    throw new AppError("import_not_editable", 409);
  }
  const fields = await listCustomFields(ctx.deps.db, event.id);
  const file = await loadImportFile(ctx.deps, guestImport);
  const checked = checkRows(file, mapping, fields);
  if (checked.mappingIssues.length) throw AppError.invalid(checked.mappingIssues);
  const errorReportKey = await saveErrorReport(ctx.deps, guestImport, checked.errors);
  const updated = await guestImport.$query(ctx.deps.db).patchAndFetch({
    status: "mapped",
    mapping,
    totalRows: file.rows.length,
    failedRows: checked.failedRows,
    errorReportKey,
  });
  return { guestImport: updated, sampleErrors: checked.errors.slice(0, SAMPLE_ERRORS) };
}

/**
 * Step 3: queues the processing. A mapped import starts; one left "processing" by a dead worker
 * (heartbeat older than IMPORT_STALE_MS) may be started again; it then runs from scratch.
 */
export async function queueGuestImport(ctx: ApiContext, event: Event, id: string): Promise<GuestImport> {
  const stale = sqlTime(new Date(Date.now() - IMPORT_STALE_MS));
  const changed = await GuestImport.query(ctx.deps.db)
    .where({ id, eventId: event.id })
    .where((query) =>
      query
        .where({ status: "mapped" })
        .orWhere((dead) => dead.where({ status: "processing" }).where("heartbeatAt", "<", stale)),
    )
    .patch({ status: "processing", processedRows: 0, heartbeatAt: new Date(), startedAt: new Date() });
  const guestImport = await findGuestImport(ctx, event, id);
  if (!changed) throw new AppError("import_not_ready", 409);
  await ctx.deps.jobs.send(GUEST_IMPORT_JOB, { importId: id }, { retryLimit: 3 });
  return guestImport;
}

/** Cancels an import that has not started processing; its file is removed. */
export async function cancelGuestImport(ctx: ApiContext, event: Event, id: string): Promise<GuestImport> {
  const changed = await GuestImport.query(ctx.deps.db)
    .where({ id, eventId: event.id })
    .whereIn("status", ["uploaded", "mapped"])
    .patch({ status: "cancelled", finishedAt: new Date() });
  const guestImport = await findGuestImport(ctx, event, id);
  if (!changed) throw new AppError("import_not_editable", 409);
  await ctx.deps.storage.delete(guestImport.fileKey);
  return guestImport;
}
