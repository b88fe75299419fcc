import {
  CHOICE_TYPES,
  GUEST_FIELDS,
  GuestFilters,
  guestSearchText,
  validate,
  type GuestField,
  type GuestFilter,
  type ValidationIssue,
} from "@tessera/shared";
import { jsonKeyEmpty, jsonKeyHolds, jsonKeyNumber, jsonKeyValue, likeContainsPattern } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { CustomField } from "../../models/CustomField.ts";

/** Built-in fields compared as timestamps / numbers; the others are text. */
const TIME_FIELDS = new Set<GuestField>(["registeredAt", "createdAt", "updatedAt"]);
const NUMBER_FIELDS = new Set<GuestField>(["companionsExpected"]);
const NUMBER_TYPES = new Set(["number", "rating"]);

type Where = Knex.QueryBuilder;

/** Parses and checks the `filters` query parameter (a JSON array of {field, op, value}); 422 otherwise. */
export function parseGuestFilters(raw: string | undefined): GuestFilter[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw AppError.invalid([{ field: "filters", code: "invalid_value" }]);
  }
  const result = validate(GuestFilters, parsed);
  if (!result.ok) {
    throw AppError.invalid(
      result.issues.map((issue) => ({ ...issue, field: `filters.${issue.field}`.replace(/\.$/, "") })),
    );
  }
  return result.value;
}

export function isBuiltInField(field: string): field is GuestField {
  return (GUEST_FIELDS as readonly string[]).includes(field);
}

/** The custom field ids a list query names in its filters or sort (`cf:<id>`). */
export function customFieldIdsOf(filters: readonly GuestFilter[], sort: string | undefined): string[] {
  const ids = filters.map((filter) => filter.field).filter((field) => !isBuiltInField(field));
  if (sort?.startsWith("cf:")) ids.push(sort.slice(3));
  return [...new Set(ids)];
}

function invalid(index: number, code = "invalid_value"): AppError {
  return AppError.invalid([{ field: `filters.${index}`, code } satisfies ValidationIssue]);
}

function scalar(value: unknown, index: number): string | number {
  if (typeof value === "string" || typeof value === "number") return value;
  throw invalid(index);
}

function list(value: unknown, index: number): (string | number)[] {
  const values = Array.isArray(value) ? value : [value];
  if (!values.length || values.length > 500) throw invalid(index);
  return values.map((item) => scalar(item, index));
}

function builtInValue(field: GuestField, value: unknown, index: number): string | number {
  const raw = scalar(value, index);
  if (TIME_FIELDS.has(field)) {
    const date = new Date(raw);
    if (Number.isNaN(date.getTime())) throw invalid(index, "date_format");
    return date.toISOString();
  }
  if (NUMBER_FIELDS.has(field)) {
    const number = Number(raw);
    if (!Number.isFinite(number)) throw invalid(index, "not_a_number");
    return number;
  }
  return raw;
}

function applyBuiltIn(query: Where, field: GuestField, filter: GuestFilter, index: number): void {
  const column = `guests.${field}`;
  const isText = !TIME_FIELDS.has(field) && !NUMBER_FIELDS.has(field);
  switch (filter.op) {
    case "eq":
      query.where(column, builtInValue(field, filter.value, index));
      return;
    case "neq":
      query.where((w) => w.whereNot(column, builtInValue(field, filter.value, index)).orWhereNull(column));
      return;
    case "in":
      query.whereIn(
        column,
        list(filter.value, index).map((value) => builtInValue(field, value, index)),
      );
      return;
    case "contains":
      // A text search: dates and numbers are compared, not searched.
      if (!isText) throw invalid(index);
      query.whereRaw("lower(??) like ? escape '\\'", [
        column,
        likeContainsPattern(String(scalar(filter.value, index)).toLowerCase()),
      ]);
      return;
    case "empty":
      query.where((w) => (isText ? w.whereNull(column).orWhere(column, "") : w.whereNull(column)));
      return;
    case "not_empty":
      query.whereNotNull(column);
      if (isText) query.whereNot(column, "");
      return;
    case "gte":
    case "lte":
      query.where(column, filter.op === "gte" ? ">=" : "<=", builtInValue(field, filter.value, index));
      return;
  }
}

/** A choice filter's value may name an option by id or by label (case-insensitive). */
function optionId(field: CustomField, value: string | number): string | number {
  const text = String(value).toLowerCase();
  const option = field.options.find((item) => item.id === value || item.label.toLowerCase() === text);
  return option?.id ?? value;
}

function applyCustom(db: Knex, query: Where, field: CustomField, filter: GuestFilter, index: number): void {
  const isChoice = CHOICE_TYPES.includes(field.type);
  const isArray = field.type === "multiple_choice";
  const isNumber = NUMBER_TYPES.has(field.type);
  const typed = (value: unknown): string | number => {
    const raw = scalar(value, index);
    if (isChoice) return optionId(field, raw);
    if (isNumber) {
      const number = Number(raw);
      if (!Number.isFinite(number)) throw invalid(index, "not_a_number");
      return number;
    }
    return String(raw);
  };
  // Equality: containment for choices (index-served on PostgreSQL), the value as text otherwise.
  const equals = (value: string | number): Knex.Raw =>
    isChoice || isNumber
      ? jsonKeyHolds(db, "guests.answers", field.id, value, isArray)
      : db.raw("? = ?", [jsonKeyValue(db, "guests.answers", field.id), String(value)]);
  switch (filter.op) {
    case "eq":
      query.where(equals(typed(filter.value)));
      return;
    case "neq":
      // A guest without an answer differs from the value too.
      query.whereRaw("not coalesce(?, false)", [equals(typed(filter.value))]);
      return;
    case "in": {
      const values = list(filter.value, index).map(typed);
      query.where((w) => {
        for (const value of values) w.orWhere(equals(value));
      });
      return;
    }
    case "contains":
      query.whereRaw("lower(?) like ? escape '\\'", [
        jsonKeyValue(db, "guests.answers", field.id),
        likeContainsPattern(String(scalar(filter.value, index)).toLowerCase()),
      ]);
      return;
    case "empty":
      query.where(jsonKeyEmpty(db, "guests.answers", field.id));
      return;
    case "not_empty":
      query.whereNot(jsonKeyEmpty(db, "guests.answers", field.id));
      return;
    case "gte":
    case "lte": {
      const value = typed(filter.value);
      const left = isNumber
        ? jsonKeyNumber(db, "guests.answers", field.id)
        : jsonKeyValue(db, "guests.answers", field.id);
      query.where(left, filter.op === "gte" ? ">=" : "<=", value);
      return;
    }
  }
}

/** Adds each filter to the query; a field that is neither built in nor a custom field of the event is 422. */
export function applyGuestFilters(
  db: Knex,
  query: Where,
  filters: readonly GuestFilter[],
  customFields: ReadonlyMap<string, CustomField>,
): void {
  filters.forEach((filter, index) => {
    const needsValue = filter.op !== "empty" && filter.op !== "not_empty";
    if (needsValue && (filter.value === undefined || filter.value === null)) throw invalid(index, "required");
    if (isBuiltInField(filter.field)) return applyBuiltIn(query, filter.field, filter, index);
    const field = customFields.get(filter.field);
    if (!field) throw AppError.invalid([{ field: `filters.${index}.field`, code: "unknown_field" }]);
    applyCustom(db, query, field, filter, index);
  });
}

/**
 * Search on name, email and company: the term lowercased and accent-free like the stored
 * `search_text`, matched as a substring (% and _ literal); PostgreSQL serves it from the trigram index.
 */
export function applyGuestSearch(db: Knex, query: Where, search: string | undefined): void {
  const term = guestSearchText({ firstName: search ?? "" }).trim();
  if (!term) return;
  query.whereRaw("?? like ? escape '\\'", ["guests.searchText", likeContainsPattern(term)]);
}
