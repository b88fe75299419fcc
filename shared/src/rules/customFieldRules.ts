/**
 * The ONE implementation of the custom-field rules (spec §3 Question / custom fields, §5 messages):
 * answers typed by guests, organizers and CSV imports, and the definition of a field. The API, the
 * import and the web forms all call these functions. Codes are keys of the `validation` catalogue.
 */
import {
  CHOICE_TYPES,
  CUSTOM_FIELD_FILE_MAX_BYTES,
  IDENTITY_DOCUMENT_LENGTH,
  LONG_TEXT_MAX,
  RATING_MAX_LIMIT,
  SHORT_TEXT_MAX,
  type CustomFieldOption,
  type CustomFieldRules,
  type CustomFieldType,
} from "./customFields.ts";
import { withoutAccents } from "../text.ts";

export interface AnswerFieldDefinition {
  type: CustomFieldType;
  isRequired?: boolean;
  isReadOnly?: boolean;
  options?: readonly CustomFieldOption[] | null;
  rules?: CustomFieldRules | null;
}

export interface AnswerFieldWithId extends AnswerFieldDefinition {
  id: string;
}

export type FileAnswer = { fileId: string; name: string; size: number };
export type AnswerValue = string | number | string[] | FileAnswer;

export type AnswerResult =
  { ok: true; value: AnswerValue | null } | { ok: false; code: string; params?: Record<string, unknown> };

export interface AnswerIssue {
  field: string;
  code: string;
  params?: Record<string, unknown>;
}

export interface ValidateAnswerOptions {
  /** Guests cannot set read-only fields; organizers, imports and the back-office can. */
  asGuest?: boolean;
}

export interface ValidateAnswersOptions extends ValidateAnswerOptions {
  /** Only the fields present in `answers` are checked (a missing required field is not reported). */
  partial?: boolean;
}

export type AnswersResult =
  { ok: true; value: Record<string, AnswerValue | null> } | { ok: false; issues: AnswerIssue[] };

/** Rating scale used when a rating field does not set `maxRating`. */
export const DEFAULT_MAX_RATING = 5;

// ---- answers ------------------------------------------------------------------------------------

const ok = (value: AnswerValue | null): AnswerResult => ({ ok: true, value });
const fail = (code: string, params?: Record<string, unknown>): AnswerResult =>
  params ? { ok: false, code, params } : { ok: false, code };

function isEmpty(raw: unknown): boolean {
  if (raw === undefined || raw === null) return true;
  if (typeof raw === "string") return raw.trim() === "";
  if (Array.isArray(raw)) return raw.length === 0;
  return false;
}

/** Text typed or imported: strings, and numbers (a CSV cell or a JSON number) taken as their text. */
function asText(raw: unknown): string | undefined {
  if (typeof raw === "string") return raw.trim();
  if (typeof raw === "number" && Number.isFinite(raw)) return String(raw);
  return undefined;
}

function validateText(raw: unknown, max: number): AnswerResult {
  const text = asText(raw);
  if (text === undefined) return fail("invalid_value");
  if (text.length > max) return fail("too_long", { count: max });
  return ok(text);
}

/** Numbers, or numeric strings with `.` or `,` as the decimal mark (CSV exports of French spreadsheets). */
export function parseNumber(raw: unknown): number | undefined {
  if (typeof raw === "number") return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw !== "string") return undefined;
  const text = raw.trim().replace(/[\s\u00a0\u202f]/g, "");
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(text)) return undefined;
  const value = Number(text.replace(",", "."));
  return Number.isFinite(value) ? value : undefined;
}

function validateNumber(raw: unknown, rules: CustomFieldRules): AnswerResult {
  const value = parseNumber(raw);
  if (value === undefined) return fail("not_a_number");
  if (rules.noNegative && value < 0) return fail("number_negative");
  if (rules.min != null && value < rules.min) return fail("number_too_small", { min: rules.min });
  if (rules.max != null && value > rules.max) return fail("number_too_big", { max: rules.max });
  return ok(value);
}

function validateRating(raw: unknown, rules: CustomFieldRules): AnswerResult {
  const value = parseNumber(raw);
  if (value === undefined || !Number.isInteger(value)) return fail("not_a_number");
  const maxRating = rules.maxRating ?? DEFAULT_MAX_RATING;
  if (value < 1) return fail("number_too_small", { min: 1 });
  if (value > maxRating) return fail("number_too_big", { max: maxRating });
  return ok(value);
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * A date typed or imported: dd/mm/yyyy (spec; also d/m/yyyy, `-` or `.` separators) or YYYY-MM-DD →
 * stored YYYY-MM-DD; `date_format` for another shape (or a month beyond 12), `date_not_exist` for a
 * day the calendar does not have (31/02/2026, 29/02/2025, 00/01/2026).
 */
export function readDateAnswer(raw: unknown): { value: string } | { code: "date_format" | "date_not_exist" } {
  if (typeof raw !== "string") return { code: "date_format" };
  const text = raw.trim();
  let parts: [number, number, number] | undefined;
  const french = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (french) parts = [Number(french[3]), Number(french[2]), Number(french[1])];
  else if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  // A month beyond 12 is most likely a month-first date (12/31/2026): a shape we do not read.
  if (!parts || parts[1] < 1 || parts[1] > 12) return { code: "date_format" };
  if (!isRealDate(...parts)) return { code: "date_not_exist" };
  const [year, month, day] = parts;
  return { value: `${pad(year, 4)}-${pad(month)}-${pad(day)}` };
}

/** The stored YYYY-MM-DD of a date answer, undefined when it is not a date (see readDateAnswer). */
export function parseDateAnswer(raw: unknown): string | undefined {
  const date = readDateAnswer(raw);
  return "value" in date ? date.value : undefined;
}

/** H:mm or HH:mm (spreadsheets add `:ss`, dropped) from 00:00 to 23:59 → stored HH:mm. */
export function parseTimeAnswer(raw: unknown): string | undefined {
  if (typeof raw !== "string") return undefined;
  const match = /^([01]?\d|2[0-3])[:hH]([0-5]\d)(:[0-5]\d)?$/.exec(raw.trim());
  return match ? `${pad(Number(match[1]))}:${match[2]}` : undefined;
}

/** Spaces, dots and dashes removed, then 0 + 9 digits (04XXXXXXXX) or +33 + 9 digits. */
export function normalizePhone(raw: unknown): string | undefined {
  const text = asText(raw);
  if (text === undefined) return undefined;
  const compact = text.replace(/[\s.\-\u00a0]/g, "");
  return /^0[1-9]\d{8}$/.test(compact) || /^\+33[1-9]\d{8}$/.test(compact) ? compact : undefined;
}

/**
 * French identity documents, 9 characters (spatial and case differences ignored, stored upper case):
 * - identity card (CNI, format of the cards issued since August 2021): 9 letters or digits;
 * - passport: 2 digits, 2 letters, 5 digits (e.g. 12AB34567), the format printed on French passports.
 */
export function normalizeIdentityDocument(type: "id_card" | "passport", raw: unknown): string | undefined {
  const text = asText(raw);
  if (text === undefined) return undefined;
  const compact = text.replace(/\s/g, "").toUpperCase();
  if (compact.length !== IDENTITY_DOCUMENT_LENGTH) return undefined;
  const pattern = type === "passport" ? /^\d{2}[A-Z]{2}\d{5}$/ : /^[A-Z0-9]{9}$/;
  return pattern.test(compact) ? compact : undefined;
}

/**
 * An option by id, else by title: trimmed, case-insensitive, whichever way its accents are encoded (a
 * Mac writes "é" as e + accent); then without accents ("Vegetarien" for "Végétarien") when that names
 * one option only.
 */
export function findOption(options: readonly CustomFieldOption[], raw: string): CustomFieldOption | undefined {
  const text = raw.trim();
  const byId = options.find((option) => option.id === text);
  if (byId) return byId;
  const comparable = (label: string) => label.trim().normalize("NFC").toLowerCase();
  const wanted = comparable(text);
  const exact = options.find((option) => comparable(option.label) === wanted);
  if (exact) return exact;
  const folded = withoutAccents(wanted);
  const near = options.filter((option) => withoutAccents(comparable(option.label)) === folded);
  return near.length === 1 ? near[0] : undefined;
}

function validateSingleChoice(raw: unknown, options: readonly CustomFieldOption[]): AnswerResult {
  if (Array.isArray(raw) && raw.length === 1) return validateSingleChoice(raw[0], options);
  const text = asText(raw);
  const option = text === undefined ? undefined : findOption(options, text);
  return option ? ok(option.id) : fail("invalid_value", { value: text ?? null });
}

/** The choices of a multiple-choice answer: an array, or one string joined with `;` or `|`. */
function choicesOf(raw: unknown, options: readonly CustomFieldOption[]): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (typeof raw === "string" && !findOption(options, raw)) return raw.split(/[;|]/).filter((part) => part.trim());
  return [raw];
}

function validateMultipleChoice(raw: unknown, options: readonly CustomFieldOption[], rules: CustomFieldRules) {
  const ids: string[] = [];
  for (const choice of choicesOf(raw, options)) {
    const text = asText(choice);
    const option = text === undefined ? undefined : findOption(options, text);
    if (!option) return fail("invalid_value", { value: text ?? null });
    if (!ids.includes(option.id)) ids.push(option.id);
  }
  if (rules.exact != null && ids.length !== rules.exact) return fail("select_exactly", { count: rules.exact });
  if (rules.min != null && ids.length < rules.min) return fail("select_at_least", { count: rules.min });
  if (rules.max != null && ids.length > rules.max) return fail("select_at_most", { count: rules.max });
  // Stored in the order of the options, so equal answers compare equal.
  return ok(options.filter((option) => ids.includes(option.id)).map((option) => option.id));
}

function validateFile(raw: unknown): AnswerResult {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return fail("invalid_value");
  const { fileId, name, size } = raw as Record<string, unknown>;
  if (typeof fileId !== "string" || !fileId.trim() || typeof name !== "string" || !name.trim()) {
    return fail("invalid_value");
  }
  if (typeof size !== "number" || !Number.isInteger(size) || size < 0) return fail("invalid_value");
  if (size > CUSTOM_FIELD_FILE_MAX_BYTES) return fail("file_too_big", { max: CUSTOM_FIELD_FILE_MAX_BYTES });
  return ok({ fileId: fileId.trim(), name: name.trim(), size });
}

/** A non-empty answer of a field's type, in its stored shape (AnswerShapes). */
function validateTyped(field: AnswerFieldDefinition, raw: unknown): AnswerResult {
  const options = field.options ?? [];
  const rules = field.rules ?? {};
  switch (field.type) {
    case "short_text":
      return validateText(raw, SHORT_TEXT_MAX);
    case "long_text":
      return validateText(raw, LONG_TEXT_MAX);
    case "unique_choice":
    case "dropdown":
      return validateSingleChoice(raw, options);
    case "multiple_choice":
      return validateMultipleChoice(raw, options, rules);
    case "date": {
      const date = readDateAnswer(raw);
      return "value" in date ? ok(date.value) : fail(date.code);
    }
    case "time": {
      const time = parseTimeAnswer(raw);
      return time ? ok(time) : fail("time_format");
    }
    case "number":
      return validateNumber(raw, rules);
    case "file":
      return validateFile(raw);
    case "phone": {
      const phone = normalizePhone(raw);
      return phone ? ok(phone) : fail("phone_format");
    }
    case "id_card":
    case "passport": {
      const number = normalizeIdentityDocument(field.type, raw);
      return number ? ok(number) : fail("identity_document_format", { count: IDENTITY_DOCUMENT_LENGTH });
    }
    case "rating":
      return validateRating(raw, rules);
  }
}

/**
 * One answer: empty ("", blanks, null, [], undefined) is `null`, or `required` for a required field;
 * anything else is checked and returned in its stored shape. With `asGuest`, any value sent for a
 * read-only field is refused (`invalid_value`): read-only means guests cannot change it on forms.
 */
export function validateAnswer(
  field: AnswerFieldDefinition,
  raw: unknown,
  options: ValidateAnswerOptions = {},
): AnswerResult {
  if (options.asGuest && field.isReadOnly && raw !== undefined) return fail("invalid_value");
  if (isEmpty(raw)) return field.isRequired ? fail("required") : ok(null);
  return validateTyped(field, raw);
}

/**
 * Answers keyed by field id. The value holds the checked answers that were sent (null = remove that
 * answer); fields not sent are left out — merge it over the stored answers with `mergeAnswers`.
 * Unless `partial`, a required field that was not sent is reported as `required` (for guests,
 * read-only fields are never required of them). Unknown ids are `unknown_field`.
 */
export function validateAnswers(
  fields: readonly AnswerFieldWithId[],
  answers: Record<string, unknown>,
  options: ValidateAnswersOptions = {},
): AnswersResult {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const issues: AnswerIssue[] = [];
  const value: Record<string, AnswerValue | null> = {};
  for (const [id, raw] of Object.entries(answers)) {
    const field = byId.get(id);
    if (!field) {
      issues.push({ field: `answers.${id}`, code: "unknown_field" });
      continue;
    }
    if (raw === undefined) continue;
    const result = validateAnswer(field, raw, options);
    if (result.ok) value[id] = result.value;
    else
      issues.push({ field: `answers.${id}`, code: result.code, ...(result.params ? { params: result.params } : {}) });
  }
  if (!options.partial) {
    for (const field of fields) {
      const skipped = options.asGuest && field.isReadOnly;
      if (field.isRequired && !skipped && answers[field.id] === undefined) {
        issues.push({ field: `answers.${field.id}`, code: "required" });
      }
    }
  }
  return issues.length ? { ok: false, issues } : { ok: true, value };
}

/** Stored answers with checked changes applied: null removes an answer. */
export function mergeAnswers(
  stored: Record<string, unknown> | null | undefined,
  changes: Record<string, AnswerValue | null>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(stored ?? {}) };
  for (const [id, value] of Object.entries(changes)) {
    if (value === null) delete merged[id];
    else merged[id] = value;
  }
  return merged;
}

/** The option ids a stored answer holds (choice types), for quotas and "already chosen" checks. */
export function chosenOptionIds(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return [];
}

// ---- definitions --------------------------------------------------------------------------------

export interface FieldDefinitionInput {
  name?: string;
  label?: string;
  type: CustomFieldType;
  isRequired?: boolean;
  isReadOnly?: boolean;
  options?: readonly { id?: string; label: string; quota?: number | null }[] | null;
  rules?: CustomFieldRules | null;
}

export function isChoiceType(type: CustomFieldType): boolean {
  return CHOICE_TYPES.includes(type);
}

/** The rule keys that mean something for a type; others are dropped when a field is saved. */
const RULE_KEYS: Partial<Record<CustomFieldType, readonly (keyof CustomFieldRules)[]>> = {
  number: ["min", "max", "noNegative"],
  multiple_choice: ["min", "max", "exact"],
  rating: ["maxRating"],
};

/** Only the rules of the field's type, without nulls (rating: maxRating defaults to 5). */
export function normalizeFieldRules(
  type: CustomFieldType,
  rules: CustomFieldRules | null | undefined,
): CustomFieldRules {
  const kept: CustomFieldRules = {};
  for (const key of RULE_KEYS[type] ?? []) {
    const value = rules?.[key];
    if (value !== undefined && value !== null) (kept as Record<string, unknown>)[key] = value;
  }
  if (type === "rating" && kept.maxRating === undefined) kept.maxRating = DEFAULT_MAX_RATING;
  return kept;
}

function optionIssues(def: FieldDefinitionInput): AnswerIssue[] {
  const options = def.options ?? [];
  if (!isChoiceType(def.type)) {
    return options.length ? [{ field: "options", code: "invalid_value" }] : [];
  }
  if (!options.length) return [{ field: "options", code: "answer_per_question" }];
  const issues: AnswerIssue[] = [];
  const labels = new Set<string>();
  const ids = new Set<string>();
  options.forEach((option, index) => {
    const label = (option.label ?? "").trim().toLowerCase();
    if (!label) issues.push({ field: `options.${index}.label`, code: "option_title_required" });
    else if (labels.has(label)) issues.push({ field: `options.${index}.label`, code: "option_label_taken" });
    labels.add(label);
    if (option.id !== undefined) {
      if (ids.has(option.id)) issues.push({ field: `options.${index}.id`, code: "invalid_value" });
      ids.add(option.id);
    }
    const quota = option.quota;
    if (quota !== undefined && quota !== null && (!Number.isInteger(quota) || quota <= 0)) {
      issues.push({ field: `options.${index}.quota`, code: "quota_positive" });
    }
  });
  return issues;
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

function ruleIssues(def: FieldDefinitionInput): AnswerIssue[] {
  const rules = normalizeFieldRules(def.type, def.rules);
  const issues: AnswerIssue[] = [];
  if (def.type === "number") {
    if (rules.min != null && rules.max != null && rules.min > rules.max) {
      issues.push({ field: "rules.max", code: "min_greater_than_max" });
    }
    if (rules.noNegative && rules.max != null && rules.max < 0) {
      issues.push({ field: "rules.max", code: "number_negative" });
    }
  }
  if (def.type === "multiple_choice") {
    const count = (def.options ?? []).length;
    for (const key of ["min", "max", "exact"] as const) {
      const value = rules[key];
      if (value == null) continue;
      if (!isCount(value) || (key === "exact" && value === 0)) {
        issues.push({ field: `rules.${key}`, code: "invalid_value" });
      } else if (count && value > count && !(key === "max")) {
        issues.push({ field: `rules.${key}`, code: "not_enough_options", params: { count } });
      }
    }
    if (isCount(rules.min) && isCount(rules.max) && rules.min > rules.max) {
      issues.push({ field: "rules.max", code: "min_greater_than_max" });
    }
    if (rules.exact != null && (rules.min != null || rules.max != null)) {
      issues.push({ field: "rules.exact", code: "invalid_value" });
    }
  }
  if (def.type === "rating") {
    const max = rules.maxRating;
    if (!isCount(max) || max < 2 || max > RATING_MAX_LIMIT) {
      issues.push({ field: "rules.maxRating", code: "invalid_value", params: { min: 2, max: RATING_MAX_LIMIT } });
    }
  }
  return issues;
}

/**
 * What is wrong with a field definition (empty list: valid). Name uniqueness needs the database and
 * is checked by the API (409 custom_field_name_taken).
 */
export function validateFieldDefinition(def: FieldDefinitionInput): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  if (def.name !== undefined && !def.name.trim()) issues.push({ field: "name", code: "required" });
  if (def.label !== undefined && !def.label.trim()) issues.push({ field: "label", code: "question_title_required" });
  if (def.isRequired && def.isReadOnly) issues.push({ field: "isReadOnly", code: "required_read_only_exclusive" });
  return [...issues, ...optionIssues(def), ...ruleIssues(def)];
}
