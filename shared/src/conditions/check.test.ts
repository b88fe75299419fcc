import { describe, expect, it } from "vitest";
import { resources } from "../i18n/index.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { CUSTOM_FIELD_TYPES, type CustomFieldType } from "../rules/customFields.ts";
import { CONDITION_ISSUE_CODES, checkRule, type ConditionField } from "./check.ts";
import type { Rule } from "./schema.ts";
import {
  CONDITION_MAX_DEPTH,
  CONDITION_MAX_NODES,
  FIELD_VALUE_KINDS,
  OPERATORS_BY_KIND,
  type Operator,
  type ValueKind,
} from "./vocabulary.ts";

const OPTIONS = [
  { id: "morning", label: "Morning" },
  { id: "afternoon", label: "Afternoon" },
];
const fieldOf = (type: CustomFieldType): ConditionField => ({
  id: type,
  type,
  label: type,
  options: FIELD_VALUE_KINDS[type] === "choice" ? OPTIONS : [],
});
const FIELDS = CUSTOM_FIELD_TYPES.map(fieldOf);
const check = (rule: unknown, context = {}) => checkRule(rule as Rule, FIELDS, context);

/** A value each operator accepts for each kind of question. */
function goodValue(kind: ValueKind, op: Operator): unknown {
  if (op === "isEmpty" || op === "isNotEmpty") return undefined;
  if (kind === "choice") return ["morning"];
  if (kind === "text") return "Paris";
  const one = { number: 3, date: "2026-05-01", time: "09:30" }[kind as "number" | "date" | "time"];
  const two = { number: 7.5, date: "2026-06-30", time: "18:00" }[kind as "number" | "date" | "time"];
  return op === "between" ? [one, two] : one;
}

const leaf = (field: string, op: string, value?: unknown) =>
  value === undefined ? { field, op } : { field, op, value };

describe("checkRule: operators by type of question", () => {
  const allOperators = [...new Set(Object.values(OPERATORS_BY_KIND).flat())];

  it.each(CUSTOM_FIELD_TYPES)("%s takes its own operators and refuses the others", (type) => {
    const kind = FIELD_VALUE_KINDS[type];
    for (const op of allOperators) {
      const allowed = OPERATORS_BY_KIND[kind].includes(op);
      const value = allowed ? goodValue(kind, op) : "x";
      const expected = allowed ? [] : [{ path: "op", code: "condition_operator_not_allowed" }];
      expect(check(leaf(type, op, value)), `${type} ${op}`).toEqual(expected);
    }
  });

  it("allows isEmpty and isNotEmpty on every type", () => {
    for (const type of CUSTOM_FIELD_TYPES) {
      expect(check({ any: [leaf(type, "isEmpty"), leaf(type, "isNotEmpty")] })).toEqual([]);
    }
  });
});

describe("checkRule: questions and their answers", () => {
  it("reports an unknown question where it is named", () => {
    expect(check({ all: [leaf("number", "eq", 1), { not: leaf("gone", "isEmpty") }] })).toEqual([
      { path: "all.1.not.field", code: "condition_unknown_field" },
    ]);
  });

  it("reports option ids the question does not have, one by one", () => {
    expect(check(leaf("multiple_choice", "includes", ["morning", "evening", "night"]))).toEqual([
      { path: "value.1", code: "condition_unknown_option" },
      { path: "value.2", code: "condition_unknown_option" },
    ]);
    expect(check(leaf("dropdown", "excludes", []))).toEqual([{ path: "value", code: "condition_invalid_value" }]);
  });

  it.each([
    ["number", "eq", "3"],
    ["number", "lt", Number.NaN],
    ["rating", "gte", Number.POSITIVE_INFINITY],
    ["date", "before", "2026-02-30"],
    ["date", "after", "01/05/2026"],
    ["date", "on", "09:00"],
    ["time", "before", "24:00"],
    ["time", "after", "9:00"],
    ["time", "on", "2026-05-01"],
    ["short_text", "equals", "   "],
    ["long_text", "contains", "x".repeat(256)],
    ["phone", "equals", 612345678],
  ])("%s %s %j: malformed value", (field, op, value) => {
    expect(check(leaf(field, op, value))).toEqual([{ path: "value", code: "condition_invalid_value" }]);
  });

  it("checks both ends of a range, and their order", () => {
    expect(check(leaf("number", "between", [1, "9"]))).toEqual([{ path: "value.1", code: "condition_invalid_value" }]);
    expect(check(leaf("date", "between", ["2026-05-01", "10:00"]))).toEqual([
      { path: "value.1", code: "condition_invalid_value" },
    ]);
    expect(check(leaf("number", "between", [1]))).toEqual([{ path: "value", code: "condition_invalid_value" }]);
    expect(check(leaf("number", "between", [9, 1]))).toEqual([{ path: "value", code: "condition_range_reversed" }]);
    expect(check(leaf("time", "between", ["18:00", "09:00"]))).toEqual([
      { path: "value", code: "condition_range_reversed" },
    ]);
    expect(check(leaf("date", "between", ["2026-05-01", "2026-05-01"]))).toEqual([]);
  });

  it("refuses a value on isEmpty", () => {
    expect(check(leaf("file", "isEmpty", true))).toEqual([{ path: "value", code: "condition_invalid_value" }]);
  });
});

describe("checkRule: guest attributes and tickets", () => {
  it("knows each attribute's values and operators", () => {
    expect(check({ guest: "status", op: "in", value: ["confirmed", "maybe"] })).toEqual([
      { path: "value.1", code: "condition_invalid_value" },
    ]);
    expect(check({ guest: "language", op: "in", value: ["en", "es"] })).toEqual([]);
    expect(check({ guest: "status", op: "equals", value: "confirmed" })).toEqual([
      { path: "op", code: "condition_operator_not_allowed" },
    ]);
    expect(check({ guest: "company", op: "contains", value: "acme" })).toEqual([]);
    expect(check({ guest: "company", op: "gt", value: 3 })).toEqual([
      { path: "op", code: "condition_operator_not_allowed" },
    ]);
    expect(check({ guest: "companionsCount", op: "between", value: [3, 1] })).toEqual([
      { path: "value", code: "condition_range_reversed" },
    ]);
    expect(check({ guest: "birthday", op: "isEmpty" })).toEqual([{ path: "guest", code: "condition_malformed" }]);
    expect(check({ guest: "constructor", op: "isEmpty" })).toEqual([{ path: "guest", code: "condition_malformed" }]);
  });

  it("accepts only the event's ticket types (none known: none accepted)", () => {
    const rule = { any: [{ ticket: "vip", op: "has" }] };
    expect(check(rule)).toEqual([{ path: "any.0.ticket", code: "condition_unknown_ticket" }]);
    expect(check(rule, { ticketTypeIds: ["day", "vip"] })).toEqual([]);
    expect(check({ ticket: "vip", op: "includes" }, { ticketTypeIds: ["vip"] })).toEqual([
      { path: "op", code: "condition_operator_not_allowed" },
    ]);
  });
});

describe("checkRule: the tree", () => {
  it("reports empty groups, however deep", () => {
    expect(check({ all: [] })).toEqual([{ path: "", code: "condition_group_empty" }]);
    expect(check({ any: [leaf("file", "isEmpty"), { not: { all: [] } }] })).toEqual([
      { path: "any.1.not", code: "condition_group_empty" },
    ]);
  });

  it("reports every issue of a rule, in reading order", () => {
    const rule = {
      any: [
        leaf("gone", "isEmpty"),
        { all: [leaf("number", "contains", "x"), leaf("unique_choice", "includes", ["z"])] },
      ],
    };
    expect(check(rule).map((issue) => issue.path)).toEqual(["any.0.field", "any.1.all.0.op", "any.1.all.1.value.0"]);
  });

  const chain = (depth: number): unknown => {
    let rule: unknown = leaf("file", "isEmpty");
    for (let level = 1; level < depth; level += 1) rule = level % 2 ? { not: rule } : { all: [rule] };
    return rule;
  };

  it(`nests up to ${CONDITION_MAX_DEPTH} levels`, () => {
    expect(check(chain(CONDITION_MAX_DEPTH))).toEqual([]);
    expect(check(chain(CONDITION_MAX_DEPTH + 1))).toEqual([
      { path: "", code: "condition_too_deep", params: { max: CONDITION_MAX_DEPTH } },
    ]);
    expect(check(chain(5000))[0]?.code).toBe("condition_too_deep");
  });

  it(`holds up to ${CONDITION_MAX_NODES} nodes`, () => {
    const wide = (count: number) => ({ any: Array.from({ length: count - 1 }, () => leaf("file", "isEmpty")) });
    expect(check(wide(CONDITION_MAX_NODES))).toEqual([]);
    expect(check(wide(CONDITION_MAX_NODES + 1))).toEqual([
      { path: "", code: "condition_too_many_nodes", params: { max: CONDITION_MAX_NODES } },
    ]);
  });

  it.each([null, 3, "all", [], {}, { all: [], field: "number" }, { all: "x" }, { any: [null] }])(
    "calls %j malformed, without throwing",
    (rule) => {
      const issues = check(rule);
      expect(issues.length).toBeGreaterThan(0);
      expect(issues.every((issue) => issue.code === "condition_malformed")).toBe(true);
    },
  );
});

describe("checkRule's messages", () => {
  it.each(LANGUAGES)("has every code in the %s validation catalogue", (language) => {
    const catalogue = resources[language].validation as Record<string, string>;
    for (const code of CONDITION_ISSUE_CODES) expect(catalogue[code], `${language} ${code}`).toBeTruthy();
  });
});
