/**
 * validateRule(data): a rule as received or stored, checked against RuleSchema with ajv, with the size
 * limits first. Kept apart from the rest of the engine because it loads ajv (the browser evaluates and
 * describes rules without it). Issues name the node at fault: a union schema alone would report every
 * shape the node failed to be.
 */
import { Type, type TSchema } from "@sinclair/typebox";
import { isRecord } from "../records.ts";
import { unsafeInputIssues, validate, type ValidationIssue, type ValidationResult } from "../validation.ts";
import { CONDITION_SCHEMAS, RuleSchema, type Rule } from "./schema.ts";
import { CONDITION_MAX_NODES } from "./vocabulary.ts";
import { childPath, limitExceeded, nodesOf } from "./walk.ts";

const strict = { additionalProperties: false } as const;
/** A group or a negation by itself: its members are checked as nodes of their own. */
const NODE_SHAPES = {
  all: Type.Object({ all: Type.Array(Type.Unknown(), { maxItems: CONDITION_MAX_NODES }) }, strict),
  any: Type.Object({ any: Type.Array(Type.Unknown(), { maxItems: CONDITION_MAX_NODES }) }, strict),
  not: Type.Object({ not: Type.Unknown() }, strict),
} as const;
const NODE_KEYS = Object.keys(NODE_SHAPES) as (keyof typeof NODE_SHAPES)[];
const SUBJECT_KEYS = ["field", "guest", "ticket"] as const;
const isSubject = (key: string): key is (typeof SUBJECT_KEYS)[number] =>
  (SUBJECT_KEYS as readonly string[]).includes(key);

/** The values a literal or a union of literals allows. */
function constantsOf(schema: unknown): unknown[] {
  if (!isRecord(schema)) return [];
  if ("const" in schema) return [schema.const];
  return Array.isArray(schema.anyOf) ? schema.anyOf.flatMap(constantsOf) : [];
}

const propertyOf = (schema: TSchema, key: string): unknown => (schema.properties as Record<string, unknown>)[key];

/** The one comparison shape a leaf means to be, from its subject and operator, or what rules that out. */
function leafShape(
  node: Record<string, unknown>,
  subject: (typeof SUBJECT_KEYS)[number],
  path: string,
): { schema: TSchema } | { issue: ValidationIssue } {
  const ofSubject = CONDITION_SCHEMAS.filter((schema) =>
    subject === "guest"
      ? constantsOf(propertyOf(schema, "guest")).includes(node.guest)
      : propertyOf(schema, subject) !== undefined,
  );
  if (!ofSubject.length) return { issue: { field: childPath(path, subject), code: "condition_malformed" } };
  const schema = ofSubject.find((candidate) => constantsOf(propertyOf(candidate, "op")).includes(node.op));
  return schema ? { schema } : { issue: { field: childPath(path, "op"), code: "condition_operator_not_allowed" } };
}

function nodeIssues(node: unknown, path: string): ValidationIssue[] {
  if (!isRecord(node)) return [{ field: path, code: "condition_malformed" }];
  const keys = [...NODE_KEYS, ...SUBJECT_KEYS].filter((key) => key in node);
  const [key] = keys;
  if (key === undefined || keys.length !== 1) return [{ field: path, code: "condition_malformed" }];
  const shape = isSubject(key) ? leafShape(node, key, path) : { schema: NODE_SHAPES[key] };
  if ("issue" in shape) return [shape.issue];
  const result = validate(shape.schema, node);
  return result.ok ? [] : result.issues.map((found) => ({ ...found, field: childPath(path, found.field) }));
}

export function validateRule(data: unknown): ValidationResult<Rule> {
  const limit = limitExceeded(data);
  if (limit) return { ok: false, issues: [{ field: "", code: limit.code, params: { max: limit.max } }] };
  const unsafe = unsafeInputIssues(data);
  if (unsafe.length) return { ok: false, issues: unsafe };
  const result = validate(RuleSchema, data);
  if (result.ok) return result;
  const issues = [...nodesOf(data)].flatMap(({ node, path }) => nodeIssues(node, path));
  return { ok: false, issues: issues.length ? issues : result.issues };
}
