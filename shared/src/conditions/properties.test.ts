/**
 * Property tests: thousands of seeded random rules and guests. `evaluate` must agree with a naive
 * reference written here from the documented meaning of each operator; rules survive JSON and the
 * schema; `not(not(r))` is r; De Morgan holds; generated rules pass checkRule and read in every language.
 */
import { describe, expect, it } from "vitest";
import { createI18n } from "../i18n/index.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { seededRandom } from "../random.ts";
import { CIVILITIES, GUEST_STATUSES } from "../rules/guests.ts";
import { checkRule, type ConditionField } from "./check.ts";
import { describeRule } from "./describe.ts";
import { evaluate } from "./evaluate.ts";
import type { Facts } from "./facts.ts";
import type { Condition, Rule } from "./schema.ts";
import { validateRule } from "./validate.ts";
import { FIELD_VALUE_KINDS, GUEST_ATTRIBUTE_KINDS, OPERATORS_BY_KIND, type ValueKind } from "./vocabulary.ts";
import { referencedFields } from "./walk.ts";

// ---- a seeded generator ---------------------------------------------------------------------------

function generator(seed: number) {
  const next = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const chance = (p: number) => next() < p;
  const subset = <T>(items: readonly T[], min: number) => {
    const chosen = items.filter(() => chance(0.4));
    while (chosen.length < min) chosen.push(pick(items.filter((item) => !chosen.includes(item))));
    return chosen;
  };
  return { next, int, pick, chance, subset };
}
type Generator = ReturnType<typeof generator>;

const OPTIONS = ["o1", "o2", "o3", "o4"].map((id, index) => ({ id, label: `Option ${index + 1}` }));
const FIELDS: ConditionField[] = [
  { id: "single", type: "unique_choice", label: "Workshop", options: OPTIONS },
  { id: "drop", type: "dropdown", label: "Hotel", options: OPTIONS },
  { id: "multi", type: "multiple_choice", label: "Sessions", options: OPTIONS },
  { id: "short", type: "short_text", label: "City" },
  { id: "long", type: "long_text", label: "Comment" },
  { id: "phone", type: "phone", label: "Phone" },
  { id: "card", type: "id_card", label: "Identity card" },
  { id: "passport", type: "passport", label: "Passport" },
  { id: "number", type: "number", label: "Age" },
  { id: "rating", type: "rating", label: "Rating" },
  { id: "date", type: "date", label: "Arrival" },
  { id: "time", type: "time", label: "Arrival time" },
  { id: "file", type: "file", label: "CV" },
];
const TICKETS = ["t1", "t2", "t3"];

const TEXTS = [
  "Paris",
  "PÂRIS",
  "  pâris ",
  "Pa ris",
  "pa \t ris",
  "Saint-Étienne",
  "saint-etienne",
  "Lyon",
  "É",
  "e\u0301",
];
const NEEDLES = ["paris", "Ris", "pa  ris", "a r", "étienne", "lyon", "e", "é", "x"];
const NUMBERS = [-1, 0, 1, 2.5, 3, 5, 10];
const DATES = ["2025-12-31", "2026-01-01", "2026-05-01", "2026-05-02", "2027-02-28"];
const TIMES = ["00:00", "08:59", "09:00", "12:30", "23:59"];
const MISSING = [undefined, null, "", "  ", []];
/** Values of another type or shape than the question's: a time in a date question, a date in a time one … */
const ODD = [3, "3", "01/05/2026", "9:00", "09:00", "2026-05-01", "o1", true, { a: 1 }, ["o1", 2]];

const sorted = <T extends number | string>(a: T, b: T): [T, T] => (a <= b ? [a, b] : [b, a]);

function comparisonValue(g: Generator, kind: ValueKind, op: string, values: readonly string[]): unknown {
  if (op === "isEmpty" || op === "isNotEmpty" || op === "has") return undefined;
  if (kind === "choice" || kind === "enum") return g.subset(values, 1);
  if (kind === "text") return g.pick(NEEDLES);
  const pool: readonly (number | string)[] = kind === "number" ? NUMBERS : kind === "date" ? DATES : TIMES;
  return op === "between" ? sorted(g.pick(pool), g.pick(pool)) : g.pick(pool);
}

const ENUM_VALUES: Record<string, readonly string[]> = {
  status: GUEST_STATUSES,
  civility: CIVILITIES,
  language: LANGUAGES,
};

function randomCondition(g: Generator): Condition {
  const roll = g.next();
  if (roll < 0.05) return { ticket: g.pick(TICKETS), op: "has" };
  if (roll < 0.3) {
    const attribute = g.pick(Object.keys(GUEST_ATTRIBUTE_KINDS)) as keyof typeof GUEST_ATTRIBUTE_KINDS;
    const kind = GUEST_ATTRIBUTE_KINDS[attribute];
    const op = g.pick(OPERATORS_BY_KIND[kind]);
    const value = comparisonValue(g, kind, op, ENUM_VALUES[attribute] ?? []);
    return (value === undefined ? { guest: attribute, op } : { guest: attribute, op, value }) as Condition;
  }
  const field = g.pick(FIELDS);
  const kind = FIELD_VALUE_KINDS[field.type];
  const op = g.pick(OPERATORS_BY_KIND[kind]);
  const value = comparisonValue(
    g,
    kind,
    op,
    OPTIONS.map((option) => option.id),
  );
  return (value === undefined ? { field: field.id, op } : { field: field.id, op, value }) as Condition;
}

function randomRule(g: Generator, depth = 1, options: { emptyGroups?: boolean } = {}): Rule {
  const leafOdds = depth >= 4 ? 1 : 0.3 + depth * 0.15;
  if (g.chance(leafOdds)) return randomCondition(g);
  const roll = g.next();
  if (roll < 0.2) return { not: randomRule(g, depth + 1, options) };
  const members = Array.from({ length: g.int(options.emptyGroups ? 0 : 1, 3) }, () =>
    randomRule(g, depth + 1, options),
  );
  return roll < 0.6 ? { all: members } : { any: members };
}

function randomAnswer(g: Generator, field: ConditionField): unknown {
  const roll = g.next();
  if (roll < 0.15) return g.pick(MISSING);
  if (roll < 0.22) return g.pick(ODD);
  switch (FIELD_VALUE_KINDS[field.type]) {
    case "choice": {
      const ids = [...OPTIONS.map((option) => option.id), "gone"];
      return field.type === "multiple_choice" ? g.subset(ids, 0) : g.pick(ids);
    }
    case "text":
      return g.pick(TEXTS);
    case "number":
      return g.pick(NUMBERS);
    case "date":
      return g.pick(DATES);
    case "time":
      return g.pick(TIMES);
    default:
      return { fileId: "f1", name: "cv.pdf", size: 1200 };
  }
}

function randomFacts(g: Generator): Facts {
  const answers: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const answer = randomAnswer(g, field);
    if (answer !== undefined) answers[field.id] = answer;
  }
  const maybe = <T>(value: T) => (g.chance(0.15) ? g.pick([undefined, null]) : value);
  return {
    answers: g.chance(0.03) ? null : answers,
    guest: g.chance(0.03)
      ? undefined
      : {
          status: maybe(g.pick(GUEST_STATUSES)),
          civility: maybe(g.pick(CIVILITIES)),
          language: maybe(g.pick([...LANGUAGES, "de"])),
          company: maybe(g.pick(TEXTS)),
          jobTitle: maybe(g.pick([...TEXTS, "", " "])),
          companionsExpected: maybe(g.pick(NUMBERS)),
          companionsCount: maybe(g.int(0, 4)),
        },
    tickets: g.chance(0.1) ? null : g.subset(TICKETS, 0),
  };
}

// ---- a naive reference, written from the documented meaning ------------------------------------

const referenceText = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== "")
    .join(" ");

function referenceMissing(value: unknown): boolean {
  return value == null || (typeof value === "string" && !value.trim()) || (Array.isArray(value) && !value.length);
}

/** Minutes since midnight, or days as yyyymmdd, tagged so a date never meets a time. */
function referenceMoment(value: unknown): { kind: string; at: number } | undefined {
  if (typeof value !== "string") return undefined;
  let match = /^(\d\d\d\d)-(\d\d)-(\d\d)$/.exec(value);
  if (match) return { kind: "date", at: Number(match[1]) * 10000 + Number(match[2]) * 100 + Number(match[3]) };
  match = /^(\d\d):(\d\d)$/.exec(value);
  return match ? { kind: "time", at: Number(match[1]) * 60 + Number(match[2]) } : undefined;
}

function referenceCompare(op: string, actual: unknown, expected: unknown): boolean {
  const ids = typeof actual === "string" ? [actual] : Array.isArray(actual) ? actual : [];
  const wanted = expected as string[];
  const isNumber = typeof actual === "number" && Number.isFinite(actual);
  const number = actual as number;
  const text = typeof actual === "string" ? referenceText(actual) : undefined;
  const moment = referenceMoment(actual);
  const point = referenceMoment(expected);
  const sameKind = moment !== undefined && point !== undefined && moment.kind === point.kind;
  switch (op) {
    case "includes":
      return wanted.some((id) => ids.includes(id));
    case "excludes":
      return !wanted.some((id) => ids.includes(id));
    case "includesAll":
      return wanted.every((id) => ids.includes(id));
    case "equals":
      return text !== undefined && text === referenceText(expected as string);
    case "notEquals":
      return !(text !== undefined && text === referenceText(expected as string));
    case "contains":
      return text !== undefined && text.includes(referenceText(expected as string));
    case "notContains":
      return !(text !== undefined && text.includes(referenceText(expected as string)));
    case "isEmpty":
      return referenceMissing(actual);
    case "isNotEmpty":
      return !referenceMissing(actual);
    case "eq":
      return isNumber && number === expected;
    case "neq":
      return !(isNumber && number === expected);
    case "lt":
      return isNumber && number < (expected as number);
    case "lte":
      return isNumber && number <= (expected as number);
    case "gt":
      return isNumber && number > (expected as number);
    case "gte":
      return isNumber && number >= (expected as number);
    case "before":
      return sameKind && moment.at < point.at;
    case "after":
      return sameKind && moment.at > point.at;
    case "on":
      return sameKind && moment.at === point.at;
    case "between": {
      const [from, to] = expected as [unknown, unknown];
      if (typeof from === "number") return isNumber && from <= number && number <= (to as number);
      const [start, end] = [referenceMoment(from), referenceMoment(to)];
      if (!moment || !start || !end || start.kind !== moment.kind || end.kind !== moment.kind) return false;
      return start.at <= moment.at && moment.at <= end.at;
    }
    case "in":
      return typeof actual === "string" && wanted.includes(actual);
    default:
      throw new Error(`no reference for ${op}`);
  }
}

function reference(rule: Rule, facts: Facts): boolean {
  if ("all" in rule) {
    for (const member of rule.all) if (!reference(member, facts)) return false;
    return true;
  }
  if ("any" in rule) {
    for (const member of rule.any) if (reference(member, facts)) return true;
    return false;
  }
  if ("not" in rule) return !reference(rule.not, facts);
  if ("ticket" in rule) return (facts.tickets ?? []).includes(rule.ticket);
  const actual =
    "field" in rule
      ? (facts.answers ?? {})[rule.field]
      : (facts.guest as Record<string, unknown> | undefined)?.[rule.guest];
  return referenceCompare(rule.op, actual, "value" in rule ? rule.value : undefined);
}

// ---- the properties ---------------------------------------------------------------------------------

const RUNS = 5000;

describe("evaluate, on random rules and guests", () => {
  it(`agrees with the naive reference (${RUNS} pairs, and every operator met)`, () => {
    const g = generator(20261201);
    const seenOps = new Set<string>();
    const outcomes = { true: 0, false: 0 };
    for (let run = 0; run < RUNS; run += 1) {
      const rule = randomRule(g, 1, { emptyGroups: true });
      const facts = randomFacts(g);
      const result = evaluate(rule, facts);
      expect(result, JSON.stringify({ rule, facts })).toBe(reference(rule, facts));
      outcomes[String(result) as "true" | "false"] += 1;
      const leaf = randomCondition(g);
      seenOps.add(leaf.op);
      expect(evaluate(leaf, facts), JSON.stringify({ leaf, facts })).toBe(reference(leaf, facts));
    }
    const allOps = new Set(Object.values(OPERATORS_BY_KIND).flat());
    expect([...seenOps].sort()).toEqual([...allOps, "has"].sort());
    // Both outcomes are common, so agreement says something.
    expect(Math.min(outcomes.true, outcomes.false)).toBeGreaterThan(RUNS / 5);
  });

  it("survives a JSON round trip and the schema, and reads the same after it", () => {
    const g = generator(7);
    for (let run = 0; run < RUNS; run += 1) {
      const rule = randomRule(g, 1, { emptyGroups: true });
      const stored: unknown = JSON.parse(JSON.stringify(rule));
      expect(stored).toEqual(rule);
      const checked = validateRule(stored);
      expect(checked, JSON.stringify(rule)).toEqual({ ok: true, value: rule });
      const facts = randomFacts(g);
      if (checked.ok) expect(evaluate(checked.value, facts)).toBe(evaluate(rule, facts));
    }
  });

  it("reads not(not(r)) as r", () => {
    const g = generator(11);
    for (let run = 0; run < RUNS; run += 1) {
      const rule = randomRule(g, 1, { emptyGroups: true });
      const facts = randomFacts(g);
      expect(evaluate({ not: { not: rule } }, facts)).toBe(evaluate(rule, facts));
      expect(evaluate({ not: rule }, facts)).toBe(!evaluate(rule, facts));
    }
  });

  it("keeps De Morgan's laws for all and any", () => {
    const g = generator(13);
    for (let run = 0; run < RUNS; run += 1) {
      const members = Array.from({ length: g.int(0, 4) }, () => randomRule(g, 2, { emptyGroups: true }));
      const negated = members.map((member): Rule => ({ not: member }));
      const facts = randomFacts(g);
      expect(evaluate({ not: { all: members } }, facts)).toBe(evaluate({ any: negated }, facts));
      expect(evaluate({ not: { any: members } }, facts)).toBe(evaluate({ all: negated }, facts));
    }
  });
});

describe("generated rules", () => {
  it("pass checkRule against the questions they were made for, and name only those", () => {
    const g = generator(17);
    const ids = FIELDS.map((field) => field.id);
    for (let run = 0; run < 2000; run += 1) {
      const rule = randomRule(g);
      expect(checkRule(rule, FIELDS, { ticketTypeIds: TICKETS }), JSON.stringify(rule)).toEqual([]);
      for (const id of referencedFields(rule)) expect(ids).toContain(id);
    }
  });

  it("read in every language without a missing phrase", () => {
    const g = generator(19);
    const translators = LANGUAGES.map((language) => createI18n(language).t);
    for (let run = 0; run < 500; run += 1) {
      const rule = randomRule(g);
      for (const t of translators) {
        const text = describeRule(rule, FIELDS, t, { tickets: [{ id: "t1", name: "VIP" }] });
        expect(text).not.toMatch(/conditions\.|guests\.|languages\.|\{\{/);
      }
    }
  });
});
