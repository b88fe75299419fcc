import { describe, expect, it } from "vitest";
import { shownChanges, type ShownChange } from "./historyChanges.ts";
import { formatAnswerValue } from "./historyCustomFields.ts";
import type { HistoryValueContext } from "./historyFormat.ts";
import { historySentence } from "./historySentences.ts";
import { historyContext, LANGUAGES, words, type TestLanguage } from "./historyTestContext.ts";
import { ENTRIES, OLD_ENTRIES } from "./historyTestEntries.ts";

const ALL_ENTRIES = [...Object.values(ENTRIES).flat(), ...Object.values(OLD_ENTRIES)];
const EBADGE_ACTIONS = [
  "ebadge.created",
  "ebadge.updated",
  "ebadge.deleted",
  "ebadge.background_set",
  "ebadge.conditions_updated",
  "ebadge.printed",
  "ebadge.batch_printed",
] as const;

const text = (value: ShownChange["before"]) => (value && "text" in value ? words(value.text) : undefined);

/** The changes of an entry as label → [before, after] text, read with every entry of the page known. */
function changesOf(entry: (typeof ALL_ENTRIES)[number], language: TestLanguage = "en") {
  return Object.fromEntries(
    shownChanges(entry, historyContext(language, ALL_ENTRIES)).map((change) => [
      change.label,
      [text(change.before), text(change.after)],
    ]),
  );
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const ISO_DATE = /\d{4}-\d{2}-\d{2}/;
const JSON_TEXT = /[{}[\]"]/;

describe("history changes", () => {
  it("shows a guest's answers under their custom field's label: choices by label, dates in words", () => {
    expect(changesOf(ENTRIES["guest.updated"][0])).toEqual({
      Company: ["Lumière", "Lumière & Fils"],
      Diet: ["Vegan", "Fish"],
      Arrival: ["Jun 10, 2027", "Jun 11, 2027"],
      // An instant, read in the event's zone (Paris, UTC+1 in March).
      Registered: ["—", "Mar 2, 2026, 6:30 PM"],
    });
    expect(changesOf(ENTRIES["guest.updated"][0], "fr")).toMatchObject({
      Société: ["Lumière", "Lumière & Fils"],
      Diet: ["Vegan", "Fish"],
      Arrival: ["10 juin 2027", "11 juin 2027"],
      "Inscrit le": ["—", "2 mars 2026, 18:30"],
    });
  });

  it("labels a guest's fields as its form does and their values as its screens do", () => {
    expect(changesOf(ENTRIES["guest.created"][0], "es")).toEqual({
      Nombre: [undefined, "Marie"],
      Apellido: [undefined, "Dupont"],
      "Correo electrónico": [undefined, "marie@example.org"],
      Tratamiento: [undefined, "Sra."],
      Empresa: [undefined, "Lumière"],
      Estado: [undefined, "Sin respuesta"],
      "Estado del correo": [undefined, "Sin enviar"],
      "Acompañantes previstos": [undefined, "0"],
      Origen: [undefined, "Añadido a mano"],
      Idioma: [undefined, "Français"],
      Diet: [undefined, "Vegan"],
      Arrival: [undefined, "10 jun 2027"],
    });
    // A merge lists what the kept guest took from the other.
    expect(changesOf(ENTRIES["guest.merged"][0])).toEqual({ Company: ["—", "Lumière"] });
  });

  it("names custom fields, their type, answers and order; a deleted one by its snapshot", () => {
    expect(changesOf(ENTRIES["custom_field.created"][0])).toEqual({
      Name: [undefined, "diet"],
      Required: [undefined, "No"],
      "Read-only": [undefined, "No"],
      Answers: [undefined, "Vegan, Fish"],
    });
    expect(changesOf(ENTRIES["custom_field.updated"][0], "fr")).toEqual({
      Titre: ["Menu", "Diet"],
      Obligatoire: ["Non", "Oui"],
    });
    expect(changesOf(ENTRIES["custom_field.reordered"][0])).toEqual({
      Order: ["Arrival, Diet, Shuttle", "Diet, Arrival, Shuttle"],
    });
  });

  it("lists a new form's items as the builder names them: questions by their field, groups by their rule", () => {
    expect(changesOf(ENTRIES["form.created"][0])).toEqual({
      Items: [undefined, "Welcome, Diet, Conditional group (Shown when Diet is Vegan), Arrival, Will you attend?"],
    });
  });

  it("tells a form's change in words: its title, items added, removed, moved, edited, a group's rule", () => {
    expect(changesOf(ENTRIES["form.updated"][0])).toEqual({
      Title: ["Register", "Sign up"],
      "Items added": [undefined, "Recommend a friend"],
      "Items removed": ["Arrival", undefined],
      "Items moved": [undefined, "Will you attend?"],
      "Items changed": ["Welcome", "Welcome!"],
      "Groups' rules": ["Shown when Diet is Vegan", "Shown when Diet is Vegan, Fish"],
    });
    expect(changesOf(ENTRIES["form.updated"][0], "fr")).toMatchObject({
      Titre: ["Register", "Sign up"],
      "Éléments retirés": ["Arrival", undefined],
      "Règles des groupes": ["Affiché si Diet est Vegan", "Affiché si Diet est Vegan, Fish"],
    });
    // Nothing to list where the sentence says it all.
    for (const action of ["form.put_online", "form.taken_offline", "form.duplicated", "form.deleted"] as const) {
      expect(changesOf(ENTRIES[action][0])).toEqual({});
    }
  });

  it("lists nothing under an e-badge's sentence", () => {
    for (const action of EBADGE_ACTIONS) expect(changesOf(ENTRIES[action][0])).toEqual({});
  });

  it("lists nothing under an entry code's or its key's sentence (no serial, no key number)", () => {
    for (const action of [
      "guest.entry_code_revoked",
      "guest.entry_code_reissued",
      "entry_code_key.rotated",
      "entry_code_key.retired",
    ] as const) {
      for (const entry of ENTRIES[action]) expect(changesOf(entry)).toEqual({});
    }
  });

  it("shows a form's options and terms as its options panel does", () => {
    expect(changesOf(ENTRIES["form.options_updated"][0])).toEqual({
      "Approval required": ["No", "Yes"],
      // An instant, read in the event's zone (Paris, UTC+2 in June).
      "Closes on": ["—", "Jun 1, 2027, 6:00 PM"],
      "Confirmation message": ["—", "English: Thanks!; Français: Merci !"],
    });
    expect(changesOf(ENTRIES["form.terms_uploaded"][0], "es")).toEqual({
      "Términos y condiciones (PDF)": ["Terms.pdf (1,2 kB)", "Conditions.pdf (245 kB)"],
    });
  });

  it("says 'a deleted field' for an answer to a field the page no longer describes", () => {
    const ctx = historyContext("en");
    expect(shownChanges(OLD_ENTRIES.answerOfDeletedField, ctx)).toEqual([
      {
        field: expect.any(String),
        label: "a deleted field",
        before: { text: "—" },
        after: { text: "something since deleted" },
      },
    ]);
  });

  it.each(LANGUAGES)("shows no id, ISO date or JSON anywhere (%s)", (language) => {
    for (const known of [ALL_ENTRIES, []]) {
      const ctx = historyContext(language, known);
      for (const entry of ALL_ENTRIES) {
        const shown = [
          historySentence(entry, ctx),
          ...shownChanges(entry, ctx).flatMap((change) => [change.label, text(change.before), text(change.after)]),
        ].filter((value): value is string => value !== undefined);
        for (const value of shown) {
          expect(value, `${entry.action}: ${value}`).not.toMatch(UUID);
          expect(value, `${entry.action}: ${value}`).not.toMatch(ISO_DATE);
          expect(value, `${entry.action}: ${value}`).not.toMatch(JSON_TEXT);
          expect(value, `${entry.action}: ${value}`).not.toContain(entry.action);
        }
      }
    }
  });
});

describe("custom field answers", () => {
  const fieldOf = (type: string, extra: object = {}): HistoryValueContext["fields"] =>
    new Map([
      [
        "f",
        {
          label: "Q",
          type,
          options: [
            { id: "o1", label: "Oui" },
            { id: "o2", label: "Non" },
          ],
          ...extra,
        },
      ],
    ]) as HistoryValueContext["fields"];
  const answer = (type: string, value: unknown, extra: object = {}, language: TestLanguage = "fr") =>
    words(formatAnswerValue("f", value, { ...historyContext(language), fields: fieldOf(type, extra) }));

  it("reads every kind of answer as the guest screens show it", () => {
    expect(answer("multiple_choice", ["o2", "o1"])).toBe("Non, Oui");
    expect(answer("dropdown", "gone")).toBe("une réponse supprimée");
    expect(answer("time", "14:30")).toBe("14:30");
    expect(answer("time", "14:30", {}, "en")).toBe("2:30 PM");
    expect(answer("rating", 4, { maxRating: 10 })).toBe("4 / 10");
    expect(answer("number", 1234.5)).toBe("1 234,5");
    expect(answer("file", { fileId: "x", name: "badge.pdf", size: 10 })).toBe("badge.pdf");
    expect(answer("short_text", "")).toBe("—");
  });
});
