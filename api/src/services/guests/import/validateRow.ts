import {
  CIVILITIES,
  GUEST_STATUSES,
  LANGUAGES,
  normalizeGuestEmail,
  validateAnswers,
  type AnswerValue,
  type Civility,
  type GuestStatus,
  type ImportGuestField,
} from "@tessera/shared";
import { hasBrokenCharacters } from "./parseFile.ts";
import { normalizeHeader, type ImportTarget } from "./columnMapping.ts";

/** One problem of one row, kept as catalogue codes and rendered in the reader's language later. */
export interface ImportRowError {
  /** Line of the file (1-based, the header line counts). */
  line: number;
  /** Column title, "" for the whole row. */
  column: string;
  value: string;
  code: string;
  params?: Record<string, unknown>;
}

export type ImportGuestValues = Partial<{
  firstName: string;
  lastName: string;
  email: string;
  civility: Civility;
  company: string;
  jobTitle: string;
  status: GuestStatus;
  companionsExpected: number;
  prescriber: string;
  language: string;
}>;

export interface ValidRow {
  line: number;
  emailNormalized: string | null;
  values: ImportGuestValues;
  answers: Record<string, AnswerValue | null>;
}

const MAX_LENGTH: Partial<Record<ImportGuestField, number>> = {
  firstName: 100,
  lastName: 100,
  email: 254,
  company: 200,
  jobTitle: 200,
  prescriber: 200,
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CIVILITY_WORDS: Record<string, Civility> = {
  mr: "mr", m: "mr", monsieur: "mr", mister: "mr", sr: "mr", senor: "mr",
  ms: "ms", mrs: "ms", miss: "ms", mme: "ms", madame: "ms", mlle: "ms", mademoiselle: "ms", sra: "ms", senora: "ms",
  mx: "mx",
}; // prettier-ignore
const STATUS_WORDS = new Map(GUEST_STATUSES.map((status) => [normalizeHeader(status), status]));

type FieldResult =
  | { ok: true; value: ImportGuestValues[ImportGuestField] }
  | { ok: false; code: string; params?: Record<string, unknown> };

/** The guest-field rules of an imported cell (never empty here). */
export function guestFieldValue(field: ImportGuestField, raw: string): FieldResult {
  const max = MAX_LENGTH[field];
  // Characters as the API counts them (code points: an emoji is one), so what the API took comes back.
  if (max && raw.length > max && [...raw].length > max) return { ok: false, code: "too_long", params: { count: max } };
  switch (field) {
    case "email":
      return EMAIL.test(raw) ? { ok: true, value: raw } : { ok: false, code: "email_format" };
    case "civility": {
      const civility = CIVILITY_WORDS[normalizeHeader(raw)];
      return civility && CIVILITIES.includes(civility)
        ? { ok: true, value: civility }
        : { ok: false, code: "invalid_value" };
    }
    case "status": {
      const status = STATUS_WORDS.get(normalizeHeader(raw));
      return status ? { ok: true, value: status } : { ok: false, code: "invalid_value" };
    }
    case "companionsExpected": {
      if (!/^[+-]?\d+$/.test(raw)) return { ok: false, code: "not_a_number" };
      const count = Number(raw);
      if (count < 0) return { ok: false, code: "number_negative" };
      return count > 1000 ? { ok: false, code: "number_too_big" } : { ok: true, value: count };
    }
    case "language": {
      const language = raw.toLowerCase().slice(0, 2);
      return (LANGUAGES as readonly string[]).includes(language)
        ? { ok: true, value: language }
        : { ok: false, code: "invalid_value" };
    }
    default:
      return { ok: true, value: raw };
  }
}

/**
 * Checks one data row against the mapping: guest fields by their rules, custom fields by the shared
 * answer rules. Empty cells set nothing (an import never erases a value). Returns the row's values or
 * its errors, never both.
 */
export function validateRow(
  row: { line: number; cells: string[] },
  headers: readonly string[],
  targets: ReadonlyMap<number, ImportTarget>,
): { ok: true; row: ValidRow } | { ok: false; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  if (row.cells.length !== headers.length) {
    errors.push({
      line: row.line,
      column: "",
      value: "",
      code: "import_ragged_row",
      params: { count: row.cells.length, expected: headers.length },
    });
    return { ok: false, errors };
  }
  const values: ImportGuestValues = {};
  const rawAnswers: Record<string, unknown> = {};
  const answerColumns = new Map<string, number>();
  const customFields = [];
  for (const [column, target] of targets) {
    const raw = row.cells[column]!.trim();
    if (!raw) continue;
    if (hasBrokenCharacters(raw)) {
      errors.push({ line: row.line, column: headers[column]!, value: raw, code: "import_bad_encoding" });
      continue;
    }
    if (target.kind === "guest") {
      const result = guestFieldValue(target.field, raw);
      if (result.ok) (values as Record<string, unknown>)[target.field] = result.value;
      else
        errors.push({ line: row.line, column: headers[column]!, value: raw, code: result.code, params: result.params });
    } else {
      rawAnswers[target.field.id] = raw;
      answerColumns.set(target.field.id, column);
      customFields.push(target.field);
    }
  }
  let answers: Record<string, AnswerValue | null> = {};
  if (customFields.length) {
    const result = validateAnswers(customFields, rawAnswers, { partial: true });
    if (result.ok) answers = result.value;
    else {
      for (const issue of result.issues) {
        const column = answerColumns.get(issue.field.replace(/^answers\./, "")) ?? -1;
        errors.push({
          line: row.line,
          column: headers[column] ?? "",
          value: row.cells[column]?.trim() ?? "",
          code: issue.code,
          params: issue.params,
        });
      }
    }
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, row: { line: row.line, emailNormalized: normalizeGuestEmail(values.email), values, answers } };
}
