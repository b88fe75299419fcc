import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { validate } from "../validation.ts";
import { RuleSchema, type Rule } from "./schema.ts";
import { validateRule } from "./validate.ts";
import { CONDITION_MAX_DEPTH, CONDITION_MAX_NODES } from "./vocabulary.ts";
import { referencedFields } from "./walk.ts";

const GOOD: Rule[] = [
  { field: "q", op: "includes", value: ["a", "b"] },
  { field: "q", op: "equals", value: "Paris" },
  { field: "q", op: "isEmpty" },
  { field: "q", op: "lte", value: -2.5 },
  { field: "q", op: "before", value: "2026-05-01" },
  { field: "q", op: "on", value: "09:30" },
  { field: "q", op: "between", value: [1, 2] },
  { field: "q", op: "between", value: ["09:00", "12:00"] },
  { guest: "status", op: "in", value: ["confirmed"] },
  { guest: "civility", op: "in", value: ["mx"] },
  { guest: "language", op: "in", value: ["fr", "es"] },
  { guest: "jobTitle", op: "notContains", value: "intern" },
  { guest: "companionsExpected", op: "gte", value: 1 },
  { guest: "companionsCount", op: "between", value: [0, 2] },
  { guest: "company", op: "isNotEmpty" },
  { ticket: "vip", op: "has" },
  { all: [] },
  { any: [{ not: { all: [{ field: "q", op: "isNotEmpty" }] } }] },
];

describe("RuleSchema", () => {
  it.each(GOOD)("accepts %j", (rule) => {
    expect(validate(RuleSchema, rule).ok).toBe(true);
    expect(validateRule(rule)).toEqual({ ok: true, value: rule });
  });

  it("can sit in several other schemas at once (its $id is shared, not redefined)", () => {
    const rule = { not: { field: "q", op: "isEmpty" } };
    expect(validate(Type.Object({ condition: RuleSchema }), { condition: rule }).ok).toBe(true);
    expect(validate(Type.Object({ rules: Type.Array(RuleSchema) }), { rules: [rule] }).ok).toBe(true);
    expect(validate(Type.Object({ rules: Type.Array(RuleSchema) }), { rules: [{ not: {} }] }).ok).toBe(false);
  });
});

describe("validateRule", () => {
  it.each([
    [{ field: "q", op: "includes", value: "a" }, [{ field: "value", code: "invalid_value" }]],
    [{ field: "q", op: "includes", value: [] }, [{ field: "value", code: "invalid_value" }]],
    [{ field: "q", op: "eq", value: "3" }, [{ field: "value", code: "not_a_number" }]],
    [{ field: "q", op: "before", value: "01/05/2026" }, [{ field: "value", code: "invalid_value" }]],
    [{ field: "q", op: "equals", value: "" }, [{ field: "value", code: "required" }]],
    [{ field: "q", op: "isEmpty", value: 1 }, [{ field: "value", code: "unknown_field" }]],
    [{ field: "q", op: "equals" }, [{ field: "value", code: "required" }]],
    [{ field: "", op: "isEmpty" }, [{ field: "field", code: "required" }]],
    [{ field: "q", op: "like", value: "x" }, [{ field: "op", code: "condition_operator_not_allowed" }]],
    [{ guest: "status", op: "in", value: ["maybe"] }, [{ field: "value.0", code: "invalid_value" }]],
    [{ guest: "status", op: "equals", value: "x" }, [{ field: "op", code: "condition_operator_not_allowed" }]],
    [{ guest: "birthday", op: "isEmpty" }, [{ field: "guest", code: "condition_malformed" }]],
    [{ ticket: "vip" }, [{ field: "op", code: "condition_operator_not_allowed" }]],
    [{ all: [{ field: "q", op: "isEmpty" }], any: [] }, [{ field: "", code: "condition_malformed" }]],
    [{ all: [{ not: null }] }, [{ field: "all.0.not", code: "condition_malformed" }]],
    [
      { not: { all: [{ field: "q", op: "isEmpty", extra: 1 }] } },
      [{ field: "not.all.0.extra", code: "unknown_field" }],
    ],
    [{ any: "x" }, [{ field: "any", code: "invalid_value" }]],
  ])("%j: %j", (rule, issues) => {
    expect(validateRule(rule)).toEqual({ ok: false, issues });
  });

  it("names each faulty node of a rule", () => {
    const result = validateRule({
      all: [{ field: "q", op: "isEmpty" }, { any: [{ field: "q", op: "eq", value: "1" }] }, { guest: "x", op: "in" }],
    });
    expect(result.ok ? [] : result.issues).toEqual([
      { field: "all.1.any.0.value", code: "not_a_number" },
      { field: "all.2.guest", code: "condition_malformed" },
    ]);
  });

  const chain = (depth: number): unknown => {
    let rule: unknown = { field: "q", op: "isEmpty" };
    for (let level = 1; level < depth; level += 1) rule = level % 3 ? { any: [rule] } : { not: rule };
    return rule;
  };

  it("refuses a rule past the limits with their own codes, at any depth", () => {
    expect(validateRule(chain(CONDITION_MAX_DEPTH)).ok).toBe(true);
    const tooDeep = {
      ok: false,
      issues: [{ field: "", code: "condition_too_deep", params: { max: CONDITION_MAX_DEPTH } }],
    };
    expect(validateRule(chain(CONDITION_MAX_DEPTH + 1))).toEqual(tooDeep);
    expect(validateRule(chain(100_000))).toEqual(tooDeep);
    const wide = (count: number) => ({ all: Array.from({ length: count - 1 }, () => ({ ticket: "t", op: "has" })) });
    expect(validateRule(wide(CONDITION_MAX_NODES)).ok).toBe(true);
    expect(validateRule(wide(CONDITION_MAX_NODES + 1))).toEqual({
      ok: false,
      issues: [{ field: "", code: "condition_too_many_nodes", params: { max: CONDITION_MAX_NODES } }],
    });
  });

  it("refuses what no text column can hold", () => {
    expect(validateRule({ field: "q", op: "equals", value: "a\u0000b" })).toEqual({
      ok: false,
      issues: [{ field: "value", code: "invalid_characters" }],
    });
  });
});

describe("referencedFields", () => {
  it("lists the questions a rule reads, once each, in reading order", () => {
    const rule: Rule = {
      any: [
        { field: "diet", op: "isEmpty" },
        { guest: "status", op: "in", value: ["confirmed"] },
        {
          not: {
            all: [
              { field: "workshop", op: "includes", value: ["a"] },
              { ticket: "vip", op: "has" },
            ],
          },
        },
        { field: "diet", op: "contains", value: "vegan" },
      ],
    };
    expect(referencedFields(rule)).toEqual(["diet", "workshop"]);
    expect(referencedFields({ guest: "company", op: "isEmpty" })).toEqual([]);
  });
});
