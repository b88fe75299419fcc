import { describe, expect, it } from "vitest";
import { createI18n, type Language } from "../i18n/index.ts";
import {
  findOption,
  mergeAnswers,
  validateAnswer,
  validateAnswers,
  validateFieldDefinition,
  type AnswerFieldDefinition,
} from "./customFieldRules.ts";
import { CUSTOM_FIELD_TYPES, type CustomFieldType } from "./customFields.ts";

const OPTIONS = [
  { id: "o1", label: "Vegetarian" },
  { id: "o2", label: "Vegan" },
  { id: "o3", label: "Gluten free" },
];
const field = (type: CustomFieldType, extra: Partial<AnswerFieldDefinition> = {}): AnswerFieldDefinition => ({
  type,
  options: ["unique_choice", "multiple_choice", "dropdown"].includes(type) ? OPTIONS : [],
  rules: {},
  ...extra,
});

/** A small seeded generator, so the property tests are repeatable. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

const expectCode = (result: ReturnType<typeof validateAnswer>, code: string) => {
  expect(result.ok ? "ok" : result.code).toBe(code);
};

describe("empty answers", () => {
  it.each(CUSTOM_FIELD_TYPES)("%s: empty is null, or required when the field is", (type) => {
    for (const raw of ["", "   ", null, undefined, []]) {
      expect(validateAnswer(field(type), raw)).toEqual({ ok: true, value: null });
      expectCode(validateAnswer(field(type, { isRequired: true }), raw), "required");
    }
  });
});

describe("text", () => {
  it("short text ≤ 255, long text ≤ 10,000, trimmed", () => {
    expect(validateAnswer(field("short_text"), "  hi  ")).toEqual({ ok: true, value: "hi" });
    expect(validateAnswer(field("short_text"), "a".repeat(255)).ok).toBe(true);
    expect(validateAnswer(field("short_text"), "a".repeat(256))).toEqual({
      ok: false,
      code: "too_long",
      params: { count: 255 },
    });
    expect(validateAnswer(field("long_text"), "a\n".repeat(5000)).ok).toBe(true);
    expectCode(validateAnswer(field("long_text"), "a".repeat(10_001)), "too_long");
    expect(validateAnswer(field("short_text"), 42)).toEqual({ ok: true, value: "42" });
    expectCode(validateAnswer(field("short_text"), { a: 1 }), "invalid_value");
  });
});

describe("choices", () => {
  it("unique choice and dropdown take an id or a label, case-insensitively", () => {
    for (const type of ["unique_choice", "dropdown"] as const) {
      expect(validateAnswer(field(type), "o2")).toEqual({ ok: true, value: "o2" });
      expect(validateAnswer(field(type), " gluten FREE ")).toEqual({ ok: true, value: "o3" });
      expect(validateAnswer(field(type), ["o1"])).toEqual({ ok: true, value: "o1" });
      expectCode(validateAnswer(field(type), "Carnivore"), "invalid_value");
      expectCode(validateAnswer(field(type), ["o1", "o2"]), "invalid_value");
    }
  });

  it("multiple choice takes arrays and ; or | joined strings, stored in option order", () => {
    const f = field("multiple_choice");
    expect(validateAnswer(f, ["o3", "vegetarian"])).toEqual({ ok: true, value: ["o1", "o3"] });
    expect(validateAnswer(f, "Vegan;o1")).toEqual({ ok: true, value: ["o1", "o2"] });
    expect(validateAnswer(f, "vegan | gluten free")).toEqual({ ok: true, value: ["o2", "o3"] });
    expect(validateAnswer(f, "o1;o1")).toEqual({ ok: true, value: ["o1"] });
    expectCode(validateAnswer(f, "o1;nope"), "invalid_value");
  });

  it("multiple choice enforces min, max and exact selections", () => {
    expect(validateAnswer(field("multiple_choice", { rules: { min: 2 } }), ["o1"])).toEqual({
      ok: false,
      code: "select_at_least",
      params: { count: 2 },
    });
    expectCode(validateAnswer(field("multiple_choice", { rules: { max: 1 } }), ["o1", "o2"]), "select_at_most");
    expectCode(validateAnswer(field("multiple_choice", { rules: { exact: 2 } }), ["o1"]), "select_exactly");
    expectCode(validateAnswer(field("multiple_choice", { rules: { exact: 2 } }), "o1;o2;o3"), "select_exactly");
    expect(validateAnswer(field("multiple_choice", { rules: { exact: 2 } }), "o1;o2").ok).toBe(true);
  });
});

describe("date and time", () => {
  it.each([
    ["31/12/2026", "2026-12-31"],
    ["1/2/2026", "2026-02-01"],
    ["29/02/2024", "2024-02-29"],
    ["2026-03-04", "2026-03-04"],
  ])("date %s → %s", (raw, stored) => {
    expect(validateAnswer(field("date"), raw)).toEqual({ ok: true, value: stored });
  });

  it.each(["12/31/2026", "2026-13-01", "2026/01/01", "tomorrow", "31-02-26"])(
    "date %s is refused: wrong format",
    (raw) => expectCode(validateAnswer(field("date"), raw), "date_format"),
  );

  it.each(["31/02/2026", "29/02/2025", "31/04/2026", "00/01/2026", "2026-02-30"])(
    "date %s has the right format but does not exist",
    (raw) => expectCode(validateAnswer(field("date"), raw), "date_not_exist"),
  );

  it("time HH:mm from 00:00 to 23:59", () => {
    expect(validateAnswer(field("time"), "9:05")).toEqual({ ok: true, value: "09:05" });
    expect(validateAnswer(field("time"), "23:59:00")).toEqual({ ok: true, value: "23:59" });
    expect(validateAnswer(field("time"), "00:00")).toEqual({ ok: true, value: "00:00" });
    for (const raw of ["24:00", "12:60", "noon", "1200"]) expectCode(validateAnswer(field("time"), raw), "time_format");
  });
});

describe("numbers and ratings", () => {
  it("numbers and numeric strings with . or ,", () => {
    expect(validateAnswer(field("number"), "3,5")).toEqual({ ok: true, value: 3.5 });
    expect(validateAnswer(field("number"), " -2.25 ")).toEqual({ ok: true, value: -2.25 });
    expect(validateAnswer(field("number"), 7)).toEqual({ ok: true, value: 7 });
    for (const raw of ["abc", "1,2,3", "1e3", Number.NaN, true]) {
      expectCode(validateAnswer(field("number"), raw), "not_a_number");
    }
  });

  it("min, max and noNegative", () => {
    const f = field("number", { rules: { min: 1, max: 10, noNegative: true } });
    expectCode(validateAnswer(f, "-1"), "number_negative");
    expectCode(validateAnswer(f, 0.5), "number_too_small");
    expectCode(validateAnswer(f, "10.01"), "number_too_big");
    expect(validateAnswer(f, "10").ok).toBe(true);
  });

  it("rating is an integer from 1 to maxRating", () => {
    const f = field("rating", { rules: { maxRating: 4 } });
    expect(validateAnswer(f, "4")).toEqual({ ok: true, value: 4 });
    expectCode(validateAnswer(f, 5), "number_too_big");
    expectCode(validateAnswer(f, 0), "number_too_small");
    expectCode(validateAnswer(f, 2.5), "not_a_number");
    expectCode(validateAnswer(field("rating"), 6), "number_too_big"); // default scale 1..5
  });
});

describe("phone and identity documents", () => {
  it.each([
    ["04 12 34 56 78", "0412345678"],
    ["06.12.34.56.78", "0612345678"],
    ["+33 6-12-34-56-78", "+33612345678"],
  ])("phone %s → %s", (raw, stored) =>
    expect(validateAnswer(field("phone"), raw)).toEqual({ ok: true, value: stored }),
  );

  it.each(["0012345678", "041234567", "+3361234567", "+44612345678", "+330612345678", "phone"])(
    "phone %s is refused",
    (raw) => expectCode(validateAnswer(field("phone"), raw), "phone_format"),
  );

  it("identity card: 9 letters or digits; passport: 2 digits, 2 letters, 5 digits", () => {
    expect(validateAnswer(field("id_card"), "x4rtbpfw4")).toEqual({ ok: true, value: "X4RTBPFW4" });
    expect(validateAnswer(field("passport"), "12 ab 34567")).toEqual({ ok: true, value: "12AB34567" });
    for (const raw of ["X4RTBPFW", "X4RTBPFW45", "X4RT-PFW4"]) {
      expectCode(validateAnswer(field("id_card"), raw), "identity_document_format");
    }
    for (const raw of ["123456789", "AB1234567", "12AB3456"]) {
      expectCode(validateAnswer(field("passport"), raw), "identity_document_format");
    }
  });
});

describe("files", () => {
  it("takes {fileId, name, size} up to 15 MB", () => {
    const file = { fileId: "f1", name: "cv.pdf", size: 1024 };
    expect(validateAnswer(field("file"), file)).toEqual({ ok: true, value: file });
    expectCode(validateAnswer(field("file"), { ...file, size: 15 * 1024 * 1024 + 1 }), "file_too_big");
    expectCode(validateAnswer(field("file"), "cv.pdf"), "invalid_value");
    expectCode(validateAnswer(field("file"), { fileId: "f1", size: 1 }), "invalid_value");
  });
});

describe("validateAnswers", () => {
  const fields = [
    { id: "a", ...field("short_text", { isRequired: true }) },
    { id: "b", ...field("number") },
    { id: "c", ...field("short_text", { isReadOnly: true }) },
  ];

  it("reports each problem on answers.<id>, unknown ids included", () => {
    expect(validateAnswers(fields, { b: "x", z: 1 })).toEqual({
      ok: false,
      issues: [
        { field: "answers.b", code: "not_a_number" },
        { field: "answers.z", code: "unknown_field" },
        { field: "answers.a", code: "required" },
      ],
    });
    expect(validateAnswers(fields, { b: "2" }, { partial: true })).toEqual({ ok: true, value: { b: 2 } });
  });

  it("refuses read-only fields from guests only", () => {
    expect(validateAnswers(fields, { a: "x", c: "set" }, { asGuest: true })).toEqual({
      ok: false,
      issues: [{ field: "answers.c", code: "invalid_value" }],
    });
    expect(validateAnswers(fields, { a: "x", c: "set" })).toEqual({ ok: true, value: { a: "x", c: "set" } });
  });

  it("merges: null removes an answer", () => {
    expect(mergeAnswers({ a: "x", b: 1 }, { b: null, c: "y" })).toEqual({ a: "x", c: "y" });
  });
});

describe("round trips (property)", () => {
  const rng = random(20261121);

  it("a stored answer validates to itself", () => {
    for (let i = 0; i < 300; i += 1) {
      const year = rng.int(1900, 2100);
      const month = rng.int(1, 12);
      const day = rng.int(1, new Date(Date.UTC(year, month, 0)).getUTCDate());
      const iso = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
      const typed = `${day}/${month}/${year}`;
      expect(validateAnswer(field("date"), typed)).toEqual({ ok: true, value: iso });
      expect(validateAnswer(field("date"), iso)).toEqual({ ok: true, value: iso });

      const time = `${String(rng.int(0, 23)).padStart(2, "0")}:${String(rng.int(0, 59)).padStart(2, "0")}`;
      expect(validateAnswer(field("time"), time)).toEqual({ ok: true, value: time });

      const n = Math.round((rng.next() - 0.5) * 1e6) / 100;
      expect(validateAnswer(field("number"), n)).toEqual({ ok: true, value: n });
      expect(validateAnswer(field("number"), String(n).replace(".", ","))).toEqual({ ok: true, value: n });

      const digits = Array.from({ length: 8 }, () => rng.int(0, 9)).join("");
      const phone = `0${rng.int(1, 9)}${digits}`;
      expect(validateAnswer(field("phone"), phone)).toEqual({ ok: true, value: phone });
      const spaced = phone.replace(/(\d{2})(?=\d)/g, "$1 ");
      expect(validateAnswer(field("phone"), spaced)).toEqual({ ok: true, value: phone });

      const picked = OPTIONS.filter(() => rng.next() < 0.5).map((option) => option.id);
      if (picked.length) {
        const stored = validateAnswer(field("multiple_choice"), picked);
        expect(stored).toEqual({ ok: true, value: picked });
        expect(validateAnswer(field("multiple_choice"), (stored as { value: string[] }).value)).toEqual(stored);
        const labels = OPTIONS.filter((o) => picked.includes(o.id)).map((o) => o.label.toUpperCase());
        expect(validateAnswer(field("multiple_choice"), labels.reverse().join(";"))).toEqual(stored);
      }
    }
  });
});

describe("field definitions", () => {
  it("required and read-only are exclusive", () => {
    expect(validateFieldDefinition({ type: "short_text", isRequired: true, isReadOnly: true })).toEqual([
      { field: "isReadOnly", code: "required_read_only_exclusive" },
    ]);
  });

  it("choice types need titled options with positive quotas", () => {
    expect(validateFieldDefinition({ type: "dropdown", options: [] })).toEqual([
      { field: "options", code: "answer_per_question" },
    ]);
    expect(
      validateFieldDefinition({
        type: "unique_choice",
        options: [{ label: " " }, { label: "A", quota: 0 }, { label: "a" }],
      }),
    ).toEqual([
      { field: "options.0.label", code: "option_title_required" },
      { field: "options.1.quota", code: "quota_positive" },
      { field: "options.2.label", code: "option_label_taken" },
    ]);
    expect(validateFieldDefinition({ type: "short_text", options: [{ label: "A" }] })).toEqual([
      { field: "options", code: "invalid_value" },
    ]);
  });

  it("number bounds, selections and rating scale", () => {
    expect(validateFieldDefinition({ type: "number", rules: { min: 5, max: 1 } })).toEqual([
      { field: "rules.max", code: "min_greater_than_max" },
    ]);
    const options = [{ label: "A" }, { label: "B" }];
    expect(validateFieldDefinition({ type: "multiple_choice", options, rules: { exact: 3 } })).toEqual([
      { field: "rules.exact", code: "not_enough_options", params: { count: 2 } },
    ]);
    expect(validateFieldDefinition({ type: "multiple_choice", options, rules: { min: 2, max: 1 } })).toEqual([
      { field: "rules.max", code: "min_greater_than_max" },
    ]);
    expect(validateFieldDefinition({ type: "rating", rules: { maxRating: 11 } })[0]?.field).toBe("rules.maxRating");
    expect(validateFieldDefinition({ type: "rating", rules: { maxRating: 1 } })[0]?.field).toBe("rules.maxRating");
    expect(validateFieldDefinition({ type: "rating", rules: {} })).toEqual([]);
  });
});

/** Message lookup by a runtime key (the web's typed `t` only takes literal keys). */
const translate = (lang: Language, key: string, params: Record<string, unknown> = {}): string =>
  (createI18n(lang).t as (key: string, options: Record<string, unknown>) => string)(key, params);

describe("messages", () => {
  it("exist in en, fr and es with plurals", () => {
    expect(translate("en", "validation:phone_format")).toBe(
      "The phone number must look like 04XXXXXXXX or +33XXXXXXXXX.",
    );
    expect(translate("en", "validation:select_at_least", { count: 2 })).toBe("Select at least 2 answers.");
    expect(translate("fr", "validation:select_exactly", { count: 1 })).toBe("Sélectionnez exactement 1 réponse.");
    expect(translate("es", "validation:select_at_most", { count: 3 })).toBe("Seleccione como máximo 3 respuestas.");
    expect(translate("en", "validation:required_read_only_exclusive")).toBe(
      "A question cannot be both required and read-only.",
    );
  });
});

describe("findOption", () => {
  const diets = [
    { id: "veg", label: "Végétarien" },
    { id: "paste", label: "Pâte" },
    { id: "plain", label: "Pate" },
  ];

  it("finds a title whatever the case, the accents' encoding, or the accents when one option fits", () => {
    for (const typed of [
      "Végétarien",
      "végétarien",
      "VÉGÉTARIEN",
      "Ve\u0301ge\u0301tarien",
      "Vegetarien",
      " vegetarien ",
    ])
      expect(findOption(diets, typed)?.id, typed).toBe("veg");
  });

  it("keeps accents apart when they tell two options apart", () => {
    expect(findOption(diets, "Pâte")?.id).toBe("paste");
    expect(findOption(diets, "pate")?.id).toBe("plain");
    expect(findOption(diets, "PÂTE")?.id).toBe("paste");
    expect(findOption(diets.slice(0, 2), "Pàte")?.id).toBe("paste");
    expect(findOption(diets, "Pàte")).toBeUndefined();
  });
});
