import {
  CIVILITIES,
  GUEST_STATUSES,
  hasImportIdentity,
  LANGUAGES,
  normalizeGuestEmail,
  validateAnswer,
  type AnswerResult,
  type AnswerValue,
  type Civility,
  type GuestStatus,
  type ImportGuestField,
} from "@tessera/shared";
import { hasBrokenCharacters } from "./parseFile.ts";
import { codedValueLabels } from "../screenLabels.ts";
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
  // What the screens (and the export) show, in every language.
  ...Object.fromEntries(codedValueLabels("civility").map(([label, code]) => [normalizeHeader(label), code as Civility])),
}; // prettier-ignore
/** A status by its code or by its label on screen in any language ("Confirmé"). */
const STATUS_WORDS = new Map<string, GuestStatus>([
  ...GUEST_STATUSES.map((status) => [normalizeHeader(status), status] as const),
  ...codedValueLabels("status").map(([label, code]) => [normalizeHeader(label), code as GuestStatus] as const),
]);

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

/** The cells whose failure refuses the whole row: the guest's identity and required custom fields. */
const IDENTITY_FIELDS: readonly ImportGuestField[] = ["email", "firstName", "lastName"];

function refusesRow(target: ImportTarget): boolean {
  return target.kind === "guest" ? IDENTITY_FIELDS.includes(target.field) : Boolean(target.field.isRequired);
}

/** What a cell gives: its value for the guest, or the problem with it. Empty cells are skipped before. */
function cellResult(target: ImportTarget, raw: string): FieldResult | AnswerResult {
  if (hasBrokenCharacters(raw)) return { ok: false, code: "import_bad_encoding" };
  if (target.kind === "guest") return guestFieldValue(target.field, raw);
  return validateAnswer(target.field, raw);
}

export type RowCheck =
  { ok: true; row: ValidRow; warnings: ImportRowError[] } | { ok: false; errors: ImportRowError[] };

/**
 * Checks one data row against the mapping: guest fields by their rules, custom fields by the shared
 * answer rules, and the row must say who the guest is (an email, or a first and a last name). Empty
 * cells set nothing (an import never erases a value). A bad cell of an optional field is left out of
 * the row and returned as a warning; a bad identity cell (email, names), a bad required custom field, a
 * row without identity or a ragged row refuses the row, whose every problem is then an error.
 */
export function validateRow(
  row: { line: number; cells: string[] },
  headers: readonly string[],
  targets: ReadonlyMap<number, ImportTarget>,
): RowCheck {
  if (row.cells.length !== headers.length) {
    const params = { count: row.cells.length, expected: headers.length };
    return { ok: false, errors: [{ line: row.line, column: "", value: "", code: "import_ragged_row", params }] };
  }
  const values: ImportGuestValues = {};
  const answers: Record<string, AnswerValue | null> = {};
  const problems: ImportRowError[] = [];
  const filled = new Set<ImportGuestField>();
  let isRefused = false;
  for (const [column, target] of targets) {
    const raw = row.cells[column]!.trim();
    if (!raw) continue;
    if (target.kind === "guest") filled.add(target.field);
    const result = cellResult(target, raw);
    if (!result.ok) {
      problems.push({ line: row.line, column: headers[column]!, value: raw, code: result.code, params: result.params });
      isRefused ||= refusesRow(target);
    } else if (target.kind === "guest") (values as Record<string, unknown>)[target.field] = result.value;
    else answers[target.field.id] = result.value as AnswerValue | null;
  }
  // Judged on the cells: a malformed email is reported as such, not as a missing identity.
  const identity = { email: filled.has("email"), firstName: filled.has("firstName"), lastName: filled.has("lastName") };
  if (!hasImportIdentity(identity)) {
    problems.push({ line: row.line, column: "", value: "", code: "import_row_no_identity" });
    isRefused = true;
  }
  if (isRefused) return { ok: false, errors: problems };
  const valid = { line: row.line, emailNormalized: normalizeGuestEmail(values.email), values, answers };
  return { ok: true, row: valid, warnings: problems };
}
