import { describe, expect, it } from "vitest";
import { resources } from "../i18n/index.ts";
import type { BuilderField } from "./formBuilder.ts";
import { lintForm } from "./formLinter.ts";
import type { FormItem } from "./forms.ts";

const choice = (overrides: Partial<BuilderField> = {}): BuilderField => ({
  label: "Workshop",
  type: "unique_choice",
  options: [
    { id: "am", label: "Morning", quota: 10 },
    { id: "pm", label: "Afternoon", quota: 10 },
  ],
  isRequired: false,
  isReadOnly: false,
  ...overrides,
});
const text: BuilderField = { label: "Diet", type: "short_text", options: [], isRequired: false, isReadOnly: false };
const FIELDS = new Map([
  ["workshop", choice()],
  ["diet", text],
]);
const group = (answers: string[]): FormItem => ({
  kind: "group",
  id: "g",
  condition: { fieldId: "workshop", answers },
  items: [{ kind: "question", id: "q-diet", fieldId: "diet" }],
});
const workshop: FormItem = { kind: "question", id: "q-workshop", fieldId: "workshop" };

describe("the form linter", () => {
  it("says nothing of a form whose every question can be reached and answered", () => {
    expect(lintForm([workshop, group(["am"])], FIELDS)).toEqual([]);
  });

  it("warns of a question nobody can reach: its group's answers all full", () => {
    expect(lintForm([workshop, group(["am"])], FIELDS, new Set(["workshop:am"]))).toEqual([
      { field: "items.1.items.0.fieldId", code: "unreachable_question" },
    ]);
    expect(lintForm([workshop, group(["am", "pm"])], FIELDS, new Set(["workshop:am"]))).toEqual([]);
  });

  it("warns of a required question whose every answer is full, and of a condition placed after its group", () => {
    const fields = new Map([...FIELDS, ["workshop", choice({ isRequired: true })]]);
    expect(lintForm([workshop], fields, new Set(["workshop:am", "workshop:pm"]))).toEqual([
      { field: "items.0.fieldId", code: "required_unanswerable" },
    ]);
    expect(lintForm([group(["am"]), workshop], FIELDS)).toEqual([
      { field: "items.0.condition.fieldId", code: "condition_after_group" },
    ]);
  });

  it("has a message for every warning in English, French and Spanish", () => {
    for (const language of ["en", "fr", "es"] as const) {
      const messages: Record<string, string> = resources[language].validation;
      for (const code of ["unreachable_question", "required_unanswerable", "condition_after_group"]) {
        expect(messages[code], `${language} ${code}`).toBeTruthy();
      }
    }
  });
});
