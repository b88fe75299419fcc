import type { CellValue } from "exceljs";
import { GUEST_FIELDS, IMPORT_GUEST_FIELDS, type Language } from "@tessera/shared";
import { AppError } from "../../../errors.ts";
import type { CustomField } from "../../../models/CustomField.ts";
import type { Guest } from "../../../models/Guest.ts";
import { isGuestFieldHeader, normalizeHeader } from "../import/columnMapping.ts";
import { codedValueLabel, guestFieldLabel } from "../screenLabels.ts";
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

export interface ExportColumn<Row = Guest> {
  header: string;
  /** The CSV text (not yet neutralised). */
  text(row: Row): string;
  /** The XLSX cell: a number or a date (null when empty), else a text cell (never evaluated, no quote prefix). */
  cell(row: Row): CellValue;
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

/**
 * A custom field's column title: its label, as the list shows it (the import maps it back by label), or
 * "label [id]" when the label alone would be taken for a guest field or for another exported field.
 */
function customHeader(field: CustomField, fields: readonly CustomField[]): string {
  const normalized = normalizeHeader(field.label);
  const shared = fields.some((other) => other.id !== field.id && normalizeHeader(other.label) === normalized);
  return shared || isGuestFieldHeader(field.label) ? `${field.label} [${field.id}]` : field.label;
}

function customColumn(field: CustomField, header: string): ExportColumn {
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

/** Guest fields whose stored codes are written as the screens show them ("Confirmé" for confirmed). */
const CODED_FIELDS: Record<string, "status" | "civility" | "mailStatus" | "source"> = {
  status: "status",
  civility: "civility",
  mailStatus: "mailStatus",
  createdSource: "source",
};

function guestColumn(key: string, language: Language): ExportColumn {
  const raw = (guest: Guest) => (guest as unknown as Record<string, unknown>)[key];
  const coded = CODED_FIELDS[key];
  const text = coded
    ? (guest: Guest) => {
        const code = raw(guest);
        return typeof code === "string" ? codedValueLabel(language, coded, code) : "";
      }
    : (guest: Guest) => guestText(raw(guest));
  const header = guestFieldLabel(language, key);
  if (NUMBER_FIELDS.has(key)) return { header, text, cell: (guest) => asNumber(raw(guest)) ?? null };
  if (TIMESTAMP_FIELDS.has(key))
    return {
      header,
      text,
      cell: (guest) => {
        const value = raw(guest);
        return value instanceof Date ? value : nullOrText(text(guest));
      },
      numFmt: TIMESTAMP_FORMAT,
    };
  return { header, text, cell: (guest) => textCell(text(guest)) };
}

/**
 * The chosen columns, titled and filled as the list shows them in `language` (guest fields by their
 * column title, coded values by their label, custom fields by their label), all of which a re-import
 * maps back by itself.
 */
export function resolveExportColumns(
  raw: string | undefined,
  fields: readonly CustomField[],
  language: Language,
): ExportColumn[] {
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
      return customColumn(field, customHeader(field, fields));
    }
    if (!(GUEST_FIELDS as readonly string[]).includes(key))
      throw AppError.invalid([{ field: "columns", code: "invalid_value" }]);
    return guestColumn(key, language);
  });
}
