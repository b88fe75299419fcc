import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { GUEST_FIELDS, type GuestListQuery } from "@tessera/shared";
import type { ApiContext } from "../../context.ts";
import { AppError } from "../../errors.ts";
import type { CustomField } from "../../models/CustomField.ts";
import type { Event } from "../../models/Event.ts";
import type { Guest } from "../../models/Guest.ts";
import { neutralizeCell } from "./exportCells.ts";
import { listGuests } from "./list.ts";
import { eventCustomFields } from "./importValidate.ts";

const PAGE = 2000;
const DEFAULT_COLUMNS = [
  "firstName",
  "lastName",
  "email",
  "civility",
  "company",
  "jobTitle",
  "status",
  "companionsExpected",
];

export interface ExportOptions {
  format: "csv" | "xlsx";
  /** Comma-joined guest fields and `cf:<id>`; default: the main guest fields and every custom field. */
  columns?: string;
  separator: "," | ";";
}

interface Column {
  header: string;
  value(guest: Guest): string;
}

function answerText(field: CustomField, raw: unknown): string {
  if (raw === null || raw === undefined) return "";
  const label = (id: unknown) => field.options.find((option) => option.id === id)?.label ?? String(id);
  if (Array.isArray(raw)) return raw.map(label).join(";");
  if (field.type === "unique_choice" || field.type === "dropdown") return label(raw);
  if (typeof raw === "object") return String((raw as { name?: unknown }).name ?? "");
  return String(raw);
}

function guestText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return value instanceof Date ? value.toISOString() : String(value);
}

/** The chosen columns: guest fields by name, custom fields headed "label [id]" so a re-import maps them by id. */
function resolveColumns(raw: string | undefined, fields: readonly CustomField[]): Column[] {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const keys = raw
    ? raw
        .split(",")
        .map((key) => key.trim())
        .filter(Boolean)
    : [...DEFAULT_COLUMNS, ...fields.map((field) => `cf:${field.id}`)];
  return keys.map((key) => {
    if (key.startsWith("cf:")) {
      const field = byId.get(key.slice(3));
      if (!field) throw AppError.invalid([{ field: "columns", code: "invalid_value" }]);
      return { header: `${field.label} [${field.id}]`, value: (guest) => answerText(field, guest.answers?.[field.id]) };
    }
    if (!(GUEST_FIELDS as readonly string[]).includes(key))
      throw AppError.invalid([{ field: "columns", code: "invalid_value" }]);
    return { header: key, value: (guest) => guestText((guest as unknown as Record<string, unknown>)[key]) };
  });
}

function csvLine(cells: readonly string[], separator: string): string {
  return cells
    .map((cell) => {
      const safe = neutralizeCell(cell);
      return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    })
    .join(separator);
}

/** Every guest of the filtered view, page by page (the list's own filters, search and sort). */
async function* guestPages(ctx: ApiContext, event: Event, query: GuestListQuery): AsyncGenerator<Guest[]> {
  for (let page = 1; ; page++) {
    const { rows } = await listGuests(ctx.deps.db, ctx.state.actor, event.id, { ...query, page, perPage: PAGE });
    if (rows.length) yield rows;
    if (rows.length < PAGE) return;
  }
}

export interface ExportResult {
  contentType: string;
  fileName: string;
  body: Readable | Buffer;
}

/**
 * The current filtered view as CSV (streamed, UTF-8 with BOM) or XLSX (exceljs). Every cell that could
 * start a formula is neutralised. Failures before the first byte are 'Export failed.' (export_failed).
 */
export async function exportGuests(
  ctx: ApiContext,
  event: Event,
  query: GuestListQuery,
  options: ExportOptions,
): Promise<ExportResult> {
  const columns = resolveColumns(options.columns, await eventCustomFields(ctx.deps.db, event.id));
  const pages = guestPages(ctx, event, query);
  let first: IteratorResult<Guest[]>;
  try {
    first = await pages.next(); // bad filters surface here as 422, before anything is sent
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.state.logger.error({ err: error }, "guest export failed");
    throw new AppError("export_failed", 500);
  }
  const headers = columns.map((column) => column.header);
  const stamp = new Date().toISOString().slice(0, 10);
  if (options.format === "xlsx") {
    try {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("Guests");
      sheet.addRow(headers.map(neutralizeCell));
      for (let result = first; !result.done; result = await pages.next()) {
        for (const guest of result.value) sheet.addRow(columns.map((column) => neutralizeCell(column.value(guest))));
      }
      const body = Buffer.from(await workbook.xlsx.writeBuffer());
      return {
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        fileName: `guests-${stamp}.xlsx`,
        body,
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      ctx.state.logger.error({ err: error }, "guest export failed");
      throw new AppError("export_failed", 500);
    }
  }
  const separator = options.separator;
  async function* lines(): AsyncGenerator<string> {
    yield "\ufeff" + csvLine(headers, separator) + "\r\n";
    for (let result = first; !result.done; result = await pages.next()) {
      yield result.value
        .map(
          (guest) =>
            csvLine(
              columns.map((column) => column.value(guest)),
              separator,
            ) + "\r\n",
        )
        .join("");
    }
  }
  return { contentType: "text/csv; charset=utf-8", fileName: `guests-${stamp}.csv`, body: Readable.from(lines()) };
}
