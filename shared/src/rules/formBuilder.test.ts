import { describe, expect, it } from "vitest";
import { resources } from "../i18n/index.ts";
import type { CustomFieldType } from "./customFields.ts";
import { checkFormBuilder, type BuilderField } from "./formBuilder.ts";
import type { FormItem, FormType } from "./forms.ts";

const DIET = "00000000-0000-4000-8000-000000000001";
const WORKSHOP = "00000000-0000-4000-8000-000000000002";
const NOTES = "00000000-0000-4000-8000-000000000003";

const field = (type: CustomFieldType, overrides: Partial<BuilderField> = {}): BuilderField => ({
  label: "A question",
  type,
  options:
    type === "unique_choice"
      ? [
          { id: "am", label: "Morning" },
          { id: "pm", label: "Afternoon" },
        ]
      : [],
  isRequired: false,
  isReadOnly: false,
  ...overrides,
});
const FIELDS = new Map([
  [DIET, field("short_text")],
  [WORKSHOP, field("unique_choice")],
  [NOTES, field("long_text")],
]);
const question = (fieldId: string, id = `q-${fieldId.slice(-1)}`): FormItem => ({ kind: "question", id, fieldId });
const group = (condition: { fieldId: string | null; answers: string[] }, items: FormItem[], id = "g1"): FormItem => ({
  kind: "group",
  id,
  condition,
  items,
});
const check = (
  items: FormItem[],
  options: { title?: string; type?: FormType; fields?: Map<string, BuilderField> } = {},
) =>
  checkFormBuilder(
    { type: options.type ?? "registration", title: options.title ?? "Register", items },
    options.fields ?? FIELDS,
  );

describe("the form builder's rules", () => {
  it("accepts a form with a conditional group on a choice question placed before it", () => {
    expect(check([question(WORKSHOP), group({ fieldId: WORKSHOP, answers: ["am"] }, [question(DIET)])])).toEqual([]);
  });

  it("needs a title and at least one item", () => {
    expect(check([], { title: "  " })).toEqual([
      { field: "title", code: "title_required" },
      { field: "items", code: "at_least_one_item" },
    ]);
  });

  it("needs each question a title, a choice question an answer and each answer a title, not required and read-only", () => {
    const fields = new Map([
      [DIET, field("short_text", { label: " ", isRequired: true, isReadOnly: true })],
      [WORKSHOP, field("unique_choice", { options: [] })],
      [NOTES, field("unique_choice", { options: [{ id: "x", label: "" }] })],
    ]);
    expect(check([question(DIET), question(WORKSHOP), question(NOTES)], { fields })).toEqual([
      { field: "items.0.fieldId", code: "question_title_required" },
      { field: "items.0.fieldId", code: "required_read_only_exclusive" },
      { field: "items.1.fieldId", code: "answer_per_question" },
      { field: "items.2.fieldId", code: "option_title_required" },
    ]);
  });

  it("needs a conditional block a question, an answer and an item", () => {
    expect(check([question(WORKSHOP), group({ fieldId: null, answers: [] }, [])])).toEqual([
      { field: "items.1.items", code: "bloc_empty" },
      { field: "items.1.condition.fieldId", code: "select_question" },
    ]);
    expect(check([question(WORKSHOP), group({ fieldId: WORKSHOP, answers: [] }, [question(DIET)])])).toEqual([
      { field: "items.1.condition.answers", code: "answer_required" },
    ]);
    expect(check([question(WORKSHOP), group({ fieldId: WORKSHOP, answers: ["nope"] }, [question(DIET)])])).toEqual([
      { field: "items.1.condition.answers", code: "invalid_value" },
    ]);
  });

  it("refuses a group inside a group, a question in the group it conditions, and a condition on no question of the form", () => {
    const inner = group({ fieldId: WORKSHOP, answers: ["am"] }, [question(NOTES)], "g2");
    expect(check([question(WORKSHOP), group({ fieldId: WORKSHOP, answers: ["am"] }, [question(DIET), inner])])).toEqual(
      [{ field: "items.1.items.1", code: "group_in_group" }],
    );
    expect(check([group({ fieldId: WORKSHOP, answers: ["am"] }, [question(WORKSHOP)])])).toEqual([
      { field: "items.0.condition.fieldId", code: "group_conditioned_by_itself" },
    ]);
    expect(check([question(DIET), group({ fieldId: WORKSHOP, answers: ["am"] }, [question(NOTES)])])).toEqual([
      { field: "items.1.condition.fieldId", code: "question_not_in_form" },
    ]);
    expect(check([question(DIET), group({ fieldId: DIET, answers: ["am"] }, [question(NOTES)])])).toEqual([
      { field: "items.1.condition.fieldId", code: "invalid_value" },
      { field: "items.1.condition.answers", code: "invalid_value" },
    ]);
  });

  it("takes a question once, the event's questions only, and the items the kind of form may hold", () => {
    const unknown = "00000000-0000-4000-8000-00000000000f";
    expect(check([question(DIET), question(DIET, "again"), question(unknown)])).toEqual([
      { field: "items.1.fieldId", code: "question_twice" },
      { field: "items.2.fieldId", code: "field_not_in_event" },
    ]);
    const participation: FormItem = { kind: "participation", id: "p", title: "Will you come?" };
    const companions: FormItem = { kind: "companions", id: "c", title: "Companions", companionFormId: null };
    expect(check([participation, { ...participation, id: "p2" }])).toEqual([{ field: "items.1", code: "item_once" }]);
    expect(check([participation, companions], { type: "survey" })).toEqual([
      { field: "items.0", code: "item_not_in_type" },
      { field: "items.1", code: "item_not_in_type" },
    ]);
    expect(check([{ kind: "text", id: "t", title: "", description: "Welcome" }])).toEqual([
      { field: "items.0.title", code: "title_required" },
    ]);
  });

  it("has a message for every code in English, French and Spanish", () => {
    const codes = [
      "title_required",
      "at_least_one_item",
      "question_title_required",
      "required_read_only_exclusive",
      "answer_per_question",
      "option_title_required",
      "bloc_empty",
      "select_question",
      "answer_required",
      "group_in_group",
      "group_conditioned_by_itself",
      "question_not_in_form",
      "question_twice",
      "field_not_in_event",
      "item_once",
      "item_not_in_type",
    ];
    for (const language of ["en", "fr", "es"] as const) {
      const messages: Record<string, string> = resources[language].validation;
      for (const code of codes) expect(messages[code], `${language} ${code}`).toBeTruthy();
    }
    expect(resources.en.validation.bloc_empty).toBe("Bloc cannot be empty.");
  });
});
