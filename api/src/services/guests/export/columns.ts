import type { CellValue } from "exceljs";
import { GUEST_FIELDS, IMPORT_GUEST_FIELDS } from "@tessera/shared";
import { AppError } from "../../../errors.ts";
import type { CustomField } from "../../../models/CustomField.ts";
import type { Guest } from "../../../models/Guest.ts";
import { encodeXlsxText } from "./xlsxText.ts";

/** By default, the fields an import fills but the prescriber and language: an export re-imports as it is. */
export const DEFAULT_EXPORT_COLUMNS: string[] = IMPORT_GUEST_FIELDS.filter(
  (field) => field !== "prescriber" && field !== "language",
);

/** Guest fields written as numbers / as date-times in a spreadsheet. */
const NUMBER_FIELDS = new Set(["companionsExpected"]);
const TIMESTAMP_FIELDS = new Set(["registeredAt", "createdAt", "updatedAt"]);
const DATE_FORMAT = "yyyy-mm-dd";
const TIMESTAMP_FORMAT = "yyyy-mm-dd hh:mm:ss";

export interface ExportColumn {
  header: string;
  /** The CSV text (not yet neutralised). */
  text(guest: Guest): string;
  /** The XLSX cell: a number or a date (null when empty), else a text cell (never evaluated, no quote prefix). */
  cell(guest: Guest): CellValue;
  /** Number format of the column's cells (dates). */
  numFmt?: string;
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

/**
 * Text as a spreadsheet cell: a plain string is a text cell, which Excel shows and never evaluates, so it
 * is written as it is (no quote prefix), its control characters escaped the OOXML way.
 */
export function textCell(text: string): CellValue {
  return encodeXlsxText(text);
}

/** An empty typed cell is no value; anything unexpected stays text. */
function nullOrText(text: string): CellValue {
  return text === "" ? null : textCell(text);
}

/** A finite number, or undefined (numbers stored as text by older writes are read as numbers). */
function asNumber(raw: unknown): number | undefined {
  const value = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/**
 * A stored `YYYY-MM-DD` answer as that calendar day (UTC midnight, so the spreadsheet shows the same day).
 * Spreadsheets count days from 1900: an earlier day stays text.
 */
function asDate(raw: unknown): Date | undefined {
  const match = typeof raw === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw) : null;
  if (!match || Number(match[1]) < 1900) return undefined;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

function customColumn(field: CustomField): ExportColumn {
  const header = `${field.label} [${field.id}]`;
  const text = (guest: Guest) => answerText(field, guest.answers?.[field.id]);
  if (field.type === "number" || field.type === "rating")
    return { header, text, cell: (guest) => asNumber(guest.answers?.[field.id]) ?? nullOrText(text(guest)) };
  if (field.type === "date")
    return {
      header,
      text,
      cell: (guest) => asDate(guest.answers?.[field.id]) ?? nullOrText(text(guest)),
      numFmt: DATE_FORMAT,
    };
  return { header, text, cell: (guest) => textCell(text(guest)) };
}

function guestColumn(key: string): ExportColumn {
  const raw = (guest: Guest) => (guest as unknown as Record<string, unknown>)[key];
  const text = (guest: Guest) => guestText(raw(guest));
  if (NUMBER_FIELDS.has(key)) return { header: key, text, cell: (guest) => asNumber(raw(guest)) ?? null };
  if (TIMESTAMP_FIELDS.has(key))
    return {
      header: key,
      text,
      cell: (guest) => {
        const value = raw(guest);
        return value instanceof Date ? value : nullOrText(text(guest));
      },
      numFmt: TIMESTAMP_FORMAT,
    };
  return { header: key, text, cell: (guest) => textCell(text(guest)) };
}

/** The chosen columns: guest fields by name, custom fields headed "label [id]" so a re-import maps them by id. */
export function resolveExportColumns(raw: string | undefined, fields: readonly CustomField[]): ExportColumn[] {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const keys = raw
    ? raw
        .split(",")
        .map((key) => key.trim())
        .filter(Boolean)
    : [...DEFAULT_EXPORT_COLUMNS, ...fields.map((field) => `cf:${field.id}`)];
  return keys.map((key) => {
    if (key.startsWith("cf:")) {
      const field = byId.get(key.slice(3));
      if (!field) throw AppError.invalid([{ field: "columns", code: "invalid_value" }]);
      return customColumn(field);
    }
    if (!(GUEST_FIELDS as readonly string[]).includes(key))
      throw AppError.invalid([{ field: "columns", code: "invalid_value" }]);
    return guestColumn(key);
  });
}
