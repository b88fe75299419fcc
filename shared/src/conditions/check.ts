/**
 * checkRule(rule, fields): what is wrong with a rule for one event's questions (empty list: nothing).
 * The schema has already checked the shape; this checks what it cannot know: the question exists, the
 * operator suits its type, the option ids are its own, the values are of its type. Safe on any input.
 * Codes are keys of the `validation` catalogue.
 */
import type { CustomFieldType } from "../rules/customFields.ts";
import { parseDateAnswer, parseTimeAnswer } from "../rules/customFieldRules.ts";
import { isRecord } from "../records.ts";
import { comparableText } from "./compare.ts";
import type { Rule } from "./schema.ts";
import {
  CONDITION_TEXT_MAX,
  ENUM_ATTRIBUTE_VALUES,
  FIELD_VALUE_KINDS,
  GUEST_ATTRIBUTE_KINDS,
  isOperatorAllowed,
  type GuestAttribute,
  type ValueKind,
} from "./vocabulary.ts";
import { childPath, limitExceeded, nodesOf } from "./walk.ts";

export const CONDITION_ISSUE_CODES = [
  "condition_too_deep",
  "condition_too_many_nodes",
  "condition_malformed",
  "condition_group_empty",
  "condition_unknown_field",
  "condition_unknown_ticket",
  "condition_operator_not_allowed",
  "condition_unknown_option",
  "condition_invalid_value",
  "condition_range_reversed",
] as const;
export type ConditionIssueCode = (typeof CONDITION_ISSUE_CODES)[number];

export interface RuleIssue {
  /** Dotted path in the rule ("" for the whole rule, "all.1.not.value.0" …). */
  path: string;
  code: ConditionIssueCode;
  params?: Record<string, unknown>;
}

/** A question a rule may test (a custom field as the API presents it fits). */
export interface ConditionField {
  id: string;
  type: CustomFieldType;
  label?: string | null;
  name?: string | null;
  options?: readonly { id: string; label: string }[] | null;
}

export interface CheckContext {
  /** The ticket types of the event; a rule naming any other is refused (none known: every one is). */
  ticketTypeIds?: readonly string[];
}

const NODE_KEYS = ["all", "any", "not", "field", "guest", "ticket"] as const;
const ENUM_VALUES: Readonly<Partial<Record<GuestAttribute, readonly string[]>>> = ENUM_ATTRIBUTE_VALUES;

const issue = (path: string, code: ConditionIssueCode, params?: Record<string, unknown>): RuleIssue =>
  params ? { path, code, params } : { path, code };

/** A value of a kind, alone: a date is a real YYYY-MM-DD, a time HH:MM, text is not blank. */
function isValueOf(kind: ValueKind, value: unknown): boolean {
  switch (kind) {
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "date":
      return typeof value === "string" && parseDateAnswer(value) === value;
    case "time":
      return typeof value === "string" && parseTimeAnswer(value) === value;
    case "text":
      return typeof value === "string" && value.length <= CONDITION_TEXT_MAX && comparableText(value) !== "";
    default:
      return false;
  }
}

/** Ids among `allowed`, at least one; `code` for the ones that are not. */
function idsIssues(value: unknown, allowed: readonly string[], path: string, code: ConditionIssueCode): RuleIssue[] {
  const at = childPath(path, "value");
  if (!Array.isArray(value) || value.length === 0) return [issue(at, "condition_invalid_value")];
  return value.flatMap((id, index) => (allowed.includes(id) ? [] : [issue(childPath(at, index), code)]));
}

function valueIssues(
  kind: ValueKind,
  node: Record<string, unknown>,
  path: string,
  allowed: readonly string[],
): RuleIssue[] {
  const { op, value } = node;
  const at = childPath(path, "value");
  if (op === "isEmpty" || op === "isNotEmpty") return "value" in node ? [issue(at, "condition_invalid_value")] : [];
  if (kind === "choice") return idsIssues(value, allowed, path, "condition_unknown_option");
  if (kind === "enum") return idsIssues(value, allowed, path, "condition_invalid_value");
  if (op !== "between") return isValueOf(kind, value) ? [] : [issue(at, "condition_invalid_value")];
  if (!Array.isArray(value) || value.length !== 2) return [issue(at, "condition_invalid_value")];
  const bad = value.flatMap((end, index) =>
    isValueOf(kind, end) ? [] : [issue(childPath(at, index), "condition_invalid_value")],
  );
  if (bad.length) return bad;
  const [from, to] = value as [number, number] | [string, string];
  return from > to ? [issue(at, "condition_range_reversed")] : [];
}

/** The operator suits the kind of value, then the value suits both. */
function comparisonIssues(
  kind: ValueKind,
  node: Record<string, unknown>,
  path: string,
  allowed: readonly string[] = [],
): RuleIssue[] {
  if (typeof node.op !== "string" || !isOperatorAllowed(kind, node.op)) {
    return [issue(childPath(path, "op"), "condition_operator_not_allowed")];
  }
  return valueIssues(kind, node, path, allowed);
}

interface Known {
  fields: ReadonlyMap<string, ConditionField>;
  ticketTypeIds: ReadonlySet<string>;
}

function nodeIssues(node: unknown, path: string, known: Known): RuleIssue[] {
  if (!isRecord(node)) return [issue(path, "condition_malformed")];
  const keys = NODE_KEYS.filter((key) => key in node);
  if (keys.length !== 1) return [issue(path, "condition_malformed")];
  const [key] = keys;
  switch (key) {
    case "all":
    case "any": {
      const members = node[key];
      if (!Array.isArray(members)) return [issue(path, "condition_malformed")];
      return members.length ? [] : [issue(path, "condition_group_empty")];
    }
    case "not":
      return [];
    case "field": {
      const field = typeof node.field === "string" ? known.fields.get(node.field) : undefined;
      if (!field) return [issue(childPath(path, "field"), "condition_unknown_field")];
      const optionIds = (field.options ?? []).map((option) => option.id);
      return comparisonIssues(FIELD_VALUE_KINDS[field.type], node, path, optionIds);
    }
    case "guest": {
      const attribute = node.guest;
      if (typeof attribute !== "string" || !Object.hasOwn(GUEST_ATTRIBUTE_KINDS, attribute)) {
        return [issue(childPath(path, "guest"), "condition_malformed")];
      }
      const name = attribute as GuestAttribute;
      return comparisonIssues(GUEST_ATTRIBUTE_KINDS[name], node, path, ENUM_VALUES[name]);
    }
    case "ticket": {
      if (node.op !== "has") return [issue(childPath(path, "op"), "condition_operator_not_allowed")];
      const isKnown = typeof node.ticket === "string" && known.ticketTypeIds.has(node.ticket);
      return isKnown ? [] : [issue(childPath(path, "ticket"), "condition_unknown_ticket")];
    }
    default:
      return [];
  }
}

export function checkRule(rule: Rule, fields: readonly ConditionField[], context: CheckContext = {}): RuleIssue[] {
  const limit = limitExceeded(rule);
  if (limit) return [issue("", limit.code, { max: limit.max })];
  const known: Known = {
    fields: new Map(fields.map((field) => [field.id, field])),
    ticketTypeIds: new Set(context.ticketTypeIds ?? []),
  };
  const issues: RuleIssue[] = [];
  for (const { node, path } of nodesOf(rule)) issues.push(...nodeIssues(node, path, known));
  return issues;
}
