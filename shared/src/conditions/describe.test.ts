import { describe, expect, it } from "vitest";
import { createI18n, resources, type Language } from "../i18n/index.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import type { ConditionField } from "./check.ts";
import { describeRule, type Translate } from "./describe.ts";
import type { Condition, Rule } from "./schema.ts";

const FIELDS: ConditionField[] = [
  {
    id: "workshop",
    type: "multiple_choice",
    label: "Workshop",
    options: [
      { id: "morning", label: "Morning" },
      { id: "afternoon", label: "Afternoon" },
      { id: "evening", label: "Evening" },
    ],
  },
  { id: "diet", type: "short_text", label: "Diet" },
  { id: "age", type: "number", label: "Age" },
  { id: "arrival", type: "date", label: "Arrival" },
  { id: "hour", type: "time", label: "Hour" },
  { id: "cv", type: "file", label: "", name: "cv_file" },
];

const EXAMPLE: Rule = {
  all: [
    { field: "workshop", op: "includes", value: ["morning", "afternoon"] },
    { not: { field: "diet", op: "isEmpty" } },
  ],
};

const tFor = (language: Language) => createI18n(language).t;
const say = (rule: Rule, language: Language = "en", tickets = [{ id: "vip", name: "VIP" }]) =>
  describeRule(rule, FIELDS, tFor(language), { tickets });

describe("describeRule", () => {
  it("reads the builder's example in three languages", () => {
    expect(say(EXAMPLE)).toBe("Workshop includes Morning or Afternoon, and not (Diet is empty)");
    expect(say(EXAMPLE, "fr")).toBe("Workshop comprend Morning ou Afternoon, et non (Diet est vide)");
    expect(say(EXAMPLE, "es")).toBe("Workshop incluye Morning o Afternoon, y no (Diet está vacío)");
  });

  it.each<[Condition, string]>([
    [
      { field: "workshop", op: "includes", value: ["morning", "afternoon", "evening"] },
      "Workshop includes Morning, Afternoon or Evening",
    ],
    [{ field: "workshop", op: "includesAll", value: ["morning", "evening"] }, "Workshop includes Morning and Evening"],
    [{ field: "workshop", op: "excludes", value: ["evening"] }, "Workshop does not include Evening"],
    [
      { field: "workshop", op: "excludes", value: ["morning", "evening"] },
      "Workshop includes none of Morning or Evening",
    ],
    [{ field: "diet", op: "equals", value: "Vegan" }, "Diet is “Vegan”"],
    [{ field: "diet", op: "notEquals", value: "Vegan" }, "Diet is not “Vegan”"],
    [{ field: "diet", op: "contains", value: "gluten" }, "Diet contains “gluten”"],
    [{ field: "diet", op: "notContains", value: "gluten" }, "Diet does not contain “gluten”"],
    [{ field: "diet", op: "isNotEmpty" }, "Diet is not empty"],
    [{ field: "age", op: "eq", value: 18 }, "Age is 18"],
    [{ field: "age", op: "neq", value: 18 }, "Age is not 18"],
    [{ field: "age", op: "lt", value: 18 }, "Age is less than 18"],
    [{ field: "age", op: "lte", value: 18 }, "Age is at most 18"],
    [{ field: "age", op: "gt", value: 1234.5 }, "Age is more than 1,234.5"],
    [{ field: "age", op: "gte", value: 0.125 }, "Age is at least 0.125"],
    [{ field: "age", op: "between", value: [18, 65] }, "Age is between 18 and 65"],
    [{ field: "arrival", op: "before", value: "2026-05-01" }, "Arrival is before 2026-05-01"],
    [{ field: "arrival", op: "after", value: "2026-05-01" }, "Arrival is after 2026-05-01"],
    [{ field: "arrival", op: "on", value: "2026-05-01" }, "Arrival is on 2026-05-01"],
    [
      { field: "arrival", op: "between", value: ["2026-05-01", "2026-05-03"] },
      "Arrival is between 2026-05-01 and 2026-05-03",
    ],
    [{ field: "hour", op: "on", value: "09:30" }, "Hour is at 09:30"],
    [{ field: "hour", op: "between", value: ["09:00", "12:30"] }, "Hour is between 09:00 and 12:30"],
    [{ field: "cv", op: "isEmpty" }, "cv_file is empty"],
    [
      { guest: "status", op: "in", value: ["confirmed", "pending_approval"] },
      "Status is Confirmed or Pending approval",
    ],
    [{ guest: "civility", op: "in", value: ["ms"] }, "Civility is Ms"],
    [{ guest: "language", op: "in", value: ["fr"] }, "Language is Français"],
    [{ guest: "company", op: "contains", value: "Acme" }, "Company contains “Acme”"],
    [{ guest: "companionsCount", op: "gte", value: 1 }, "Companions registered is at least 1"],
    [{ ticket: "vip", op: "has" }, "the guest has a “VIP” ticket"],
  ])("%j in English", (condition, text) => {
    expect(say(condition)).toBe(text);
  });

  it("says dates, times and numbers the language's way", () => {
    const rule: Rule = {
      all: [
        { field: "arrival", op: "between", value: ["2026-05-01", "2026-05-03"] },
        { field: "hour", op: "before", value: "09:30" },
        { field: "age", op: "gt", value: 12345.5 },
      ],
    };
    expect(say(rule, "fr")).toBe(
      "Arrival est entre le 01/05/2026 et le 03/05/2026, et Hour est avant 09 h 30, et Age est supérieur à 12\u202f345,5",
    );
    expect(say(rule, "es")).toBe(
      "Arrival está entre el 01/05/2026 y el 03/05/2026, y Hour es antes de las 09:30, y Age es mayor que 12.345,5",
    );
  });

  it("brackets nested groups, not single members, and names empty groups", () => {
    const a: Condition = { field: "diet", op: "isEmpty" };
    const b: Condition = { field: "age", op: "eq", value: 1 };
    expect(say({ any: [a, { all: [b, a] }] })).toBe("Diet is empty, or (Age is 1, and Diet is empty)");
    expect(say({ all: [{ any: [b] }, { not: { any: [a, b] } }] })).toBe(
      "Age is 1, and not (Diet is empty, or Age is 1)",
    );
    expect(say({ all: [] })).toBe("always");
    expect(say({ not: { any: [] } }, "fr")).toBe("non (jamais)");
  });

  it("says what no longer exists instead of an id", () => {
    expect(say({ field: "gone", op: "isEmpty" })).toBe("a deleted question is empty");
    expect(say({ field: "workshop", op: "includes", value: ["morning", "x"] })).toBe(
      "Workshop includes Morning or a deleted answer",
    );
    expect(say({ ticket: "other", op: "has" })).toBe("the guest has a ticket of an unknown type");
    expect(describeRule({ ticket: "vip", op: "has" }, FIELDS, tFor("es"))).toBe(
      "el invitado tiene una entrada de un tipo desconocido",
    );
  });

  it("keeps labels as typed (no HTML escaping: the screen escapes)", () => {
    const fields: ConditionField[] = [{ id: "q", type: "short_text", label: "Tom & Jerry's <b>" }];
    expect(describeRule({ field: "q", op: "equals", value: "<i>" }, fields, tFor("en"))).toBe(
      "Tom & Jerry's <b> is “<i>”",
    );
  });
});

/** Whether a key is in a language's own catalogue (no fallback to English), plural forms included. */
function hasKey(language: Language, namespace: string, key: string, count: unknown): boolean {
  const catalogue = (resources[language] as Record<string, object>)[namespace];
  const path = key.split(".");
  const last = path.pop()!;
  let node: unknown = catalogue;
  for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
  const entries = node as Record<string, unknown> | undefined;
  if (typeof count === "number") {
    const form = new Intl.PluralRules(language).select(count);
    if (typeof entries?.[`${last}_${form}`] === "string") return true;
  }
  return typeof entries?.[last] === "string";
}

describe("describeRule's phrases", () => {
  const EVERYTHING: Rule = {
    all: [
      EXAMPLE,
      {
        any: [
          { field: "workshop", op: "excludes", value: ["morning"] },
          { field: "workshop", op: "excludes", value: ["morning", "x"] },
        ],
      },
      { field: "workshop", op: "includesAll", value: ["morning", "evening"] },
      { all: [] },
      { any: [] },
      ...(["equals", "notEquals", "contains", "notContains"] as const).map((op): Rule => ({
        field: "diet",
        op,
        value: "a",
      })),
      ...(["eq", "neq", "lt", "lte", "gt", "gte"] as const).map((op): Rule => ({ field: "age", op, value: 1 })),
      { field: "age", op: "between", value: [1, 2] },
      ...(["before", "after", "on"] as const).flatMap((op): Rule[] => [
        { field: "arrival", op, value: "2026-01-01" },
        { field: "hour", op, value: "10:00" },
      ]),
      { field: "arrival", op: "between", value: ["2026-01-01", "2026-01-02"] },
      { field: "hour", op: "between", value: ["10:00", "11:00"] },
      { field: "gone", op: "isNotEmpty" },
      {
        guest: "status",
        op: "in",
        value: ["unanswered", "refused", "pending_approval", "rejected", "confirmed", "cancelled", "to_be_seen"],
      },
      { guest: "civility", op: "in", value: ["mr", "ms", "mx"] },
      { guest: "language", op: "in", value: ["en", "fr", "es"] },
      ...(["company", "jobTitle", "companionsExpected", "companionsCount"] as const).map((guest): Rule => ({
        guest,
        op: "isEmpty",
      })),
      { ticket: "vip", op: "has" },
      { ticket: "other", op: "has" },
    ],
  };

  it.each(LANGUAGES)("are all in the %s catalogue", (language) => {
    const used: Array<{ key: string; ns: string; count: unknown }> = [];
    const t = tFor(language) as Translate as (key: string, options: Record<string, unknown>) => string;
    const recording = (key: string, options: Record<string, unknown> = {}): string => {
      used.push({ key, ns: String(options.ns), count: options.count });
      return t(key, options);
    };
    describeRule(EVERYTHING, FIELDS, recording, { tickets: [{ id: "vip", name: "VIP" }] });
    expect(used.length).toBeGreaterThan(60);
    for (const { key, ns, count } of used)
      expect(hasKey(language, ns, key, count), `${language} ${ns}:${key}`).toBe(true);
    const keys = new Set(used.map(({ key }) => key.replace(/^conditions\.comparisons\./, "")));
    for (const op of ["includes", "excludes", "includesAll", "in", "has", "hasUnknownType", "dateOn", "timeBetween"]) {
      expect(keys, op).toContain(op);
    }
  });
});
