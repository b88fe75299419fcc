import { describe, expect, it } from "vitest";
import { evaluate } from "./evaluate.ts";
import type { Facts } from "./facts.ts";
import type { Condition, Rule } from "./schema.ts";

const answers = (values: Record<string, unknown>): Facts => ({ answers: values });
const holds = (condition: Condition, value: unknown) => evaluate(condition, answers({ q: value }));

describe("choice operators", () => {
  const includes = (value: string[]): Condition => ({ field: "q", op: "includes", value });
  const excludes = (value: string[]): Condition => ({ field: "q", op: "excludes", value });
  const includesAll = (value: string[]): Condition => ({ field: "q", op: "includesAll", value });

  it("includes: the answer holds one of the ids at least", () => {
    expect(holds(includes(["a", "b"]), "a")).toBe(true);
    expect(holds(includes(["a", "b"]), "c")).toBe(false);
    expect(holds(includes(["a", "b"]), ["c", "b"])).toBe(true);
    expect(holds(includes(["a"]), ["b", "c"])).toBe(false);
  });

  it("excludes: the answer holds none of the ids", () => {
    expect(holds(excludes(["a", "b"]), "c")).toBe(true);
    expect(holds(excludes(["a", "b"]), "b")).toBe(false);
    expect(holds(excludes(["a", "b"]), ["c", "d"])).toBe(true);
    expect(holds(excludes(["a", "b"]), ["c", "a"])).toBe(false);
  });

  it("includesAll: the answer holds every id", () => {
    expect(holds(includesAll(["a", "b"]), ["b", "c", "a"])).toBe(true);
    expect(holds(includesAll(["a", "b"]), ["a", "c"])).toBe(false);
    expect(holds(includesAll(["a"]), "a")).toBe(true);
    expect(holds(includesAll(["a", "b"]), "a")).toBe(false);
  });

  it("compares option ids exactly (they are ids, not labels)", () => {
    expect(holds(includes(["Morning"]), "morning")).toBe(false);
  });
});

describe("text operators", () => {
  const text = (op: "equals" | "notEquals" | "contains" | "notContains", value: string): Condition => ({
    field: "q",
    op,
    value,
  });

  it("equals ignores case, accents, surrounding and repeated blanks", () => {
    expect(holds(text("equals", "Saint-Étienne"), "saint-etienne")).toBe(true);
    expect(holds(text("equals", "élodie"), "  ÉLODIE ")).toBe(true);
    expect(holds(text("equals", "new york"), "New   York")).toBe(true);
    expect(holds(text("equals", "Paris"), "Paris 15")).toBe(false);
    expect(holds(text("notEquals", "Paris"), "Paris 15")).toBe(true);
    expect(holds(text("notEquals", "paris"), "PARÍS")).toBe(false);
  });

  it("reads accents however they are encoded (precomposed or combining)", () => {
    expect(holds(text("equals", "Cre\u0301teil"), "Cr\u00e9teil")).toBe(true);
    expect(holds(text("contains", "\u00e9t"), "Cre\u0301teil")).toBe(true);
  });

  it("contains and notContains look for the text anywhere", () => {
    expect(holds(text("contains", "VÉGÉ"), "Repas végétarien")).toBe(true);
    expect(holds(text("contains", "vegan"), "Repas végétarien")).toBe(false);
    expect(holds(text("notContains", "vegan"), "Repas végétarien")).toBe(true);
    expect(holds(text("notContains", "rien"), "Repas végétarien")).toBe(false);
  });

  it("does not read a number as text", () => {
    expect(holds(text("equals", "12"), 12)).toBe(false);
    expect(holds(text("notEquals", "12"), 12)).toBe(true);
  });
});

describe("number operators", () => {
  const number = (op: "eq" | "neq" | "lt" | "lte" | "gt" | "gte", value: number): Condition => ({
    field: "q",
    op,
    value,
  });
  const between = (from: number, to: number): Condition => ({ field: "q", op: "between", value: [from, to] });

  it.each([
    ["eq", 3, [false, true, false]],
    ["neq", 3, [true, false, true]],
    ["lt", 3, [true, false, false]],
    ["lte", 3, [true, true, false]],
    ["gt", 3, [false, false, true]],
    ["gte", 3, [false, true, true]],
  ] as const)("%s %d against 2, 3 and 4", (op, value, expected) => {
    expect([2, 3, 4].map((answer) => holds(number(op, value), answer))).toEqual(expected);
  });

  it("between includes both ends", () => {
    expect([0, 1, 2.5, 5, 6].map((answer) => holds(between(1, 5), answer))).toEqual([false, true, true, true, false]);
    expect(holds(between(5, 1), 3)).toBe(false);
  });

  it("compares decimals and negatives as numbers", () => {
    expect(holds(number("lt", 10), 9.99)).toBe(true);
    expect(holds(number("gt", -1), -0.5)).toBe(true);
    expect(holds(number("eq", 0), -0)).toBe(true);
  });

  it("does not read text as a number", () => {
    expect(holds(number("eq", 3), "3")).toBe(false);
    expect(holds(number("gte", 3), "10")).toBe(false);
    expect(holds(between(1, 5), "3")).toBe(false);
  });
});

describe("date and time operators", () => {
  const moment = (op: "before" | "after" | "on", value: string): Condition => ({ field: "q", op, value });
  const between = (from: string, to: string): Condition => ({ field: "q", op: "between", value: [from, to] });

  it("compares dates as calendar days", () => {
    const days = ["2025-12-31", "2026-05-01", "2026-05-02"];
    expect(days.map((day) => holds(moment("before", "2026-05-01"), day))).toEqual([true, false, false]);
    expect(days.map((day) => holds(moment("after", "2026-05-01"), day))).toEqual([false, false, true]);
    expect(days.map((day) => holds(moment("on", "2026-05-01"), day))).toEqual([false, true, false]);
    expect(days.map((day) => holds(between("2026-01-01", "2026-05-01"), day))).toEqual([false, true, false]);
  });

  it("compares times as clock times", () => {
    const times = ["08:59", "09:00", "12:30", "23:59"];
    expect(times.map((time) => holds(moment("before", "09:00"), time))).toEqual([true, false, false, false]);
    expect(times.map((time) => holds(moment("after", "09:00"), time))).toEqual([false, false, true, true]);
    expect(times.map((time) => holds(moment("on", "12:30"), time))).toEqual([false, false, true, false]);
    expect(times.map((time) => holds(between("09:00", "12:30"), time))).toEqual([false, true, true, false]);
  });

  it("compares only values of the same shape, as stored (no time zone, no other format)", () => {
    expect(holds(moment("before", "2026-05-01"), "09:00")).toBe(false);
    expect(holds(moment("after", "09:00"), "2026-05-01")).toBe(false);
    expect(holds(moment("on", "2026-05-01"), "01/05/2026")).toBe(false);
    expect(holds(moment("on", "2026-05-01"), "2026-05-01T00:00:00Z")).toBe(false);
    expect(holds(between("09:00", "2026-05-01"), "10:00")).toBe(false);
  });
});

describe("emptiness", () => {
  const isEmpty: Condition = { field: "q", op: "isEmpty" };
  const isNotEmpty: Condition = { field: "q", op: "isNotEmpty" };

  it.each([undefined, null, "", "   ", []])("%j is empty", (value) => {
    expect(holds(isEmpty, value)).toBe(true);
    expect(holds(isNotEmpty, value)).toBe(false);
  });

  it.each([0, "x", ["a"], { fileId: "f", name: "cv.pdf", size: 1 }, false])("%j is not empty", (value) => {
    expect(holds(isEmpty, value)).toBe(false);
    expect(holds(isNotEmpty, value)).toBe(true);
  });
});

describe("missing answers", () => {
  const POSITIVE: Condition[] = [
    { field: "q", op: "includes", value: ["a"] },
    { field: "q", op: "includesAll", value: ["a"] },
    { field: "q", op: "equals", value: "x" },
    { field: "q", op: "contains", value: "x" },
    { field: "q", op: "eq", value: 0 },
    { field: "q", op: "lt", value: 10 },
    { field: "q", op: "lte", value: 10 },
    { field: "q", op: "gt", value: -10 },
    { field: "q", op: "gte", value: -10 },
    { field: "q", op: "between", value: [-10, 10] },
    { field: "q", op: "before", value: "2026-01-01" },
    { field: "q", op: "after", value: "2026-01-01" },
    { field: "q", op: "on", value: "2026-01-01" },
    { field: "q", op: "between", value: ["00:00", "23:59"] },
  ];
  const NEGATIVE: Condition[] = [
    { field: "q", op: "excludes", value: ["a"] },
    { field: "q", op: "notEquals", value: "x" },
    { field: "q", op: "notContains", value: "x" },
    { field: "q", op: "neq", value: 0 },
  ];
  const MISSING: Facts[] = [{}, { answers: null }, answers({}), ...[null, "", "  ", []].map((q) => answers({ q }))];

  it("never pass a positive comparison", () => {
    for (const facts of MISSING)
      for (const rule of POSITIVE) expect(evaluate(rule, facts), JSON.stringify([rule, facts])).toBe(false);
  });

  it("pass every negative operator (each is `not` of its twin)", () => {
    for (const facts of MISSING)
      for (const rule of NEGATIVE) expect(evaluate(rule, facts), JSON.stringify([rule, facts])).toBe(true);
  });

  it("are empty, and `not` inverts", () => {
    for (const facts of MISSING) {
      expect(evaluate({ field: "q", op: "isEmpty" }, facts)).toBe(true);
      expect(evaluate({ field: "q", op: "isNotEmpty" }, facts)).toBe(false);
      expect(evaluate({ not: { field: "q", op: "includes", value: ["a"] } }, facts)).toBe(true);
    }
  });

  it("do not read what an object inherits", () => {
    for (const id of ["constructor", "toString", "__proto__"]) {
      expect(evaluate({ field: id, op: "isEmpty" }, answers({}))).toBe(true);
    }
  });
});

describe("guest attributes", () => {
  const guest = {
    status: "confirmed",
    civility: "ms",
    language: "fr",
    company: "Société Générale",
    jobTitle: null,
    companionsExpected: 2,
    companionsCount: 1,
  } as const;
  const facts: Facts = { guest };

  it("tests statuses, civilities and languages with `in`", () => {
    expect(evaluate({ guest: "status", op: "in", value: ["pending_approval", "confirmed"] }, facts)).toBe(true);
    expect(evaluate({ guest: "status", op: "in", value: ["refused"] }, facts)).toBe(false);
    expect(evaluate({ guest: "civility", op: "in", value: ["ms", "mx"] }, facts)).toBe(true);
    expect(evaluate({ guest: "language", op: "in", value: ["en"] }, facts)).toBe(false);
    expect(evaluate({ guest: "status", op: "in", value: ["confirmed"] }, {})).toBe(false);
  });

  it("tests company and job title as text, companions as numbers", () => {
    expect(evaluate({ guest: "company", op: "contains", value: "societe" }, facts)).toBe(true);
    expect(evaluate({ guest: "jobTitle", op: "isEmpty" }, facts)).toBe(true);
    expect(evaluate({ guest: "companionsExpected", op: "gt", value: 1 }, facts)).toBe(true);
    expect(evaluate({ guest: "companionsCount", op: "between", value: [2, 5] }, facts)).toBe(false);
  });
});

describe("tickets", () => {
  it("has: the guest holds a ticket of the type", () => {
    const rule: Condition = { ticket: "vip", op: "has" };
    expect(evaluate(rule, { tickets: ["day", "vip"] })).toBe(true);
    expect(evaluate(rule, { tickets: ["day"] })).toBe(false);
    expect(evaluate(rule, {})).toBe(false);
  });
});

describe("groups", () => {
  const yes: Rule = { field: "q", op: "isEmpty" };
  const no: Rule = { field: "q", op: "isNotEmpty" };

  it("all is AND, any is OR, not inverts", () => {
    expect(evaluate({ all: [yes, yes] }, {})).toBe(true);
    expect(evaluate({ all: [yes, no] }, {})).toBe(false);
    expect(evaluate({ any: [no, yes] }, {})).toBe(true);
    expect(evaluate({ any: [no, no] }, {})).toBe(false);
    expect(evaluate({ not: no }, {})).toBe(true);
  });

  it("an empty all is true and an empty any false", () => {
    expect(evaluate({ all: [] }, {})).toBe(true);
    expect(evaluate({ any: [] }, {})).toBe(false);
  });

  it("nests without a limit of its own", () => {
    let rule: Rule = yes;
    for (let level = 0; level < 9; level += 1) rule = level % 2 ? { all: [rule, yes] } : { any: [no, rule] };
    expect(evaluate(rule, {})).toBe(true);
    expect(evaluate({ not: rule }, {})).toBe(false);
  });

  it("a form's conditional group: shown when Workshop includes Morning or Afternoon and Diet is answered", () => {
    const rule: Rule = {
      all: [
        { field: "workshop", op: "includes", value: ["morning", "afternoon"] },
        { not: { field: "diet", op: "isEmpty" } },
      ],
    };
    expect(evaluate(rule, answers({ workshop: ["afternoon"], diet: "vegan" }))).toBe(true);
    expect(evaluate(rule, answers({ workshop: ["afternoon"] }))).toBe(false);
    expect(evaluate(rule, answers({ workshop: ["evening"], diet: "vegan" }))).toBe(false);
  });
});

describe("unchecked input", () => {
  it("never throws on values of the wrong shape, and they do not match", () => {
    const rules = [
      { field: "q", op: "includes", value: "a" },
      { field: "q", op: "includesAll", value: [] },
      { field: "q", op: "between", value: [1] },
      { field: "q", op: "between", value: "1..5" },
      { field: "q", op: "lt", value: "5" },
      { field: "q", op: "nonsense", value: 1 },
    ] as unknown as Rule[];
    for (const rule of rules)
      for (const q of [3, "a", ["a"], { a: 1 }]) expect(evaluate(rule, answers({ q }))).toBe(false);
  });
});
