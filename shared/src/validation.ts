import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { isEmailAddress } from "./rules/email.ts";
import type { Static, TSchema } from "@sinclair/typebox";

import { MESSAGE_KEYWORD } from "./schemas/keywords.ts";

export { MESSAGE_KEYWORD };

export interface ValidationIssue {
  /** Dotted path of the field, "" for the whole body. */
  field: string;
  /** Key in the "validation" catalogue. */
  code: string;
  /** Interpolation values for the message (count for lengths …). */
  params?: Record<string, unknown>;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

// ajv-formats is CommonJS; its default export arrives wrapped depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => Ajv;

function createAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, coerceTypes, useDefaults: true });
  addFormats(ajv);
  // Internationalised addresses are addresses (rules/email.ts).
  ajv.addFormat("email", { type: "string", validate: isEmailAddress });
  ajv.addKeyword({ keyword: MESSAGE_KEYWORD, schemaType: "string" });
  return ajv;
}

const bodyAjv = createAjv(false);
/** Query strings and path params arrive as strings: coerce them to the schema's types. */
const paramsAjv = createAjv(true);

const compiled = new WeakMap<object, ValidateFunction>();
const compiledCoercing = new WeakMap<object, ValidateFunction>();

function compile(schema: TSchema, coerce: boolean): ValidateFunction {
  const cache = coerce ? compiledCoercing : compiled;
  let fn = cache.get(schema);
  if (!fn) {
    fn = (coerce ? paramsAjv : bodyAjv).compile(schema);
    cache.set(schema, fn);
  }
  return fn;
}

/**
 * Compiles a schema's validator ahead of its first use (a server does it for every route as it starts:
 * compiling a large schema on a route's first request held the event loop for tens of milliseconds).
 */
export function prepareValidator(schema: TSchema, options: { coerce?: boolean } = {}): void {
  compile(schema, options.coerce ?? false);
}

/** Deeper than any of our schemas goes: input nested further is refused before a schema walks it. */
export const MOST_NESTING = 32;

/**
 * What no schema accepts and some would fail on rather than refuse: a NUL character in a string or a key
 * (PostgreSQL cannot store it in text), and nesting deeper than MOST_NESTING (a schema's recursion could
 * exhaust the stack). Walked without recursion, so any depth is read safely.
 */
export function unsafeInputIssues(data: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value: data, path: "", depth: 0 }];
  while (pending.length) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value === "string") {
      if (value.includes("\u0000")) issues.push({ field: path, code: "invalid_characters" });
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= MOST_NESTING) return [{ field: "", code: "too_deep" }];
    for (const [key, item] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      if (key.includes("\u0000")) issues.push({ field: path, code: "invalid_characters" });
      else pending.push({ value: item, path: field, depth: depth + 1 });
    }
  }
  return dedupe(issues);
}

export function validate<S extends TSchema>(
  schema: S,
  data: unknown,
  options: { coerce?: boolean } = {},
): ValidationResult<Static<S>> {
  const unsafe = unsafeInputIssues(data);
  if (unsafe.length) return { ok: false, issues: unsafe };
  const fn = compile(schema, options.coerce ?? false);
  if (fn(data)) return { ok: true, value: data as Static<S> };
  return { ok: false, issues: dedupe((fn.errors ?? []).map(toIssue)) };
}

function fieldOf(error: ErrorObject): string {
  const base = error.instancePath.replace(/^\//, "").replace(/\//g, ".");
  const extra =
    error.keyword === "required"
      ? (error.params as { missingProperty: string }).missingProperty
      : error.keyword === "additionalProperties"
        ? (error.params as { additionalProperty: string }).additionalProperty
        : "";
  return [base, extra].filter(Boolean).join(".");
}

function isNumericSchema(schema: unknown): boolean {
  const type = (schema as { type?: unknown } | undefined)?.type;
  return type === "number" || type === "integer";
}

function messageFor(error: ErrorObject): Pick<ValidationIssue, "code" | "params"> {
  const custom = (error.parentSchema as Record<string, unknown> | undefined)?.[MESSAGE_KEYWORD];
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return { code: "required" };
    case "additionalProperties":
      return { code: "unknown_field" };
    case "type":
      if (error.data === null || error.data === undefined) return { code: "required" };
      return { code: isNumericSchema(error.parentSchema) ? "not_a_number" : "invalid_value" };
    case "minimum":
    case "exclusiveMinimum":
      if (typeof custom === "string") return { code: custom };
      return { code: params.limit === 0 && error.keyword === "minimum" ? "number_negative" : "number_too_small" };
    case "maximum":
    case "exclusiveMaximum":
      return { code: "number_too_big" };
    case "minLength":
      if (typeof custom === "string") return { code: custom };
      return params.limit === 1 ? { code: "required" } : { code: "too_short", params: { count: params.limit } };
    case "maxLength":
      return { code: "too_long", params: { count: params.limit } };
    case "format":
      if (params.format === "email") return { code: "email_format" };
      if (params.format === "date" || params.format === "date-time") return { code: "date_format" };
      return { code: typeof custom === "string" ? custom : "invalid_value" };
    default:
      return { code: typeof custom === "string" ? custom : "invalid_value" };
  }
}

function toIssue(error: ErrorObject): ValidationIssue {
  const { code, params } = messageFor(error);
  return params ? { field: fieldOf(error), code, params } : { field: fieldOf(error), code };
}

/** One issue per field: the first one ajv found is the most basic (type before format). */
function dedupe(issues: ValidationIssue[]): ValidationIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    if (seen.has(issue.field)) return false;
    seen.add(issue.field);
    return true;
  });
}
