import type { FormItem } from "@tessera/shared/rules/forms";
import type { BuilderField } from "@tessera/shared/rules/formBuilder";
import { describe, expect, it } from "vitest";
import { builderProblems, builderWarnings, kindRefusal, type BuilderDraft } from "./builderRules.ts";

const WORKSHOP = "00000000-0000-4000-8000-000000000001";
const FIELDS = new Map<string, BuilderField>([
  [
    WORKSHOP,
    {
      label: "Workshop",
      type: "unique_choice",
      options: [{ id: "am", label: "Morning" }],
      isRequired: false,
      isReadOnly: false,
    },
  ],
]);
const draft = (items: FormItem[], type: BuilderDraft["type"] = "registration"): BuilderDraft => ({
  type,
  title: "Sign up",
  items,
});
const participation: FormItem = { kind: "participation", id: "p", title: "Will you attend?" };
const emptyGroup: FormItem = { kind: "group", id: "g", condition: { fieldId: null, answers: [] }, items: [] };

describe("what the builder lets you add, and the problems it shows", () => {
  it("offers what the kind of form holds, once where the rules say once, and no group in a group", () => {
    expect(kindRefusal(draft([]), "participation", null, FIELDS)).toBeNull();
    expect(kindRefusal(draft([participation]), "participation", null, FIELDS)).toBe("item_once");
    expect(kindRefusal(draft([], "survey"), "companions", null, FIELDS)).toBe("item_not_in_type");
    expect(kindRefusal(draft([], "survey"), "text", null, FIELDS)).toBeNull();
    expect(kindRefusal(draft([emptyGroup]), "group", "g", FIELDS)).toBe("group_in_group");
    expect(kindRefusal(draft([emptyGroup]), "group", null, FIELDS)).toBeNull();
  });

  it("shows the rules' problems at their item, and the API's refusal only while the draft is the one sent", () => {
    const current = draft([emptyGroup]);
    const translate = (code: string) => `«${code}»`;
    const problems = builderProblems(current, FIELDS, translate, null);
    expect(problems.count).toBe(2);
    expect(problems.byItem.get("g")?.map((problem) => [problem.at, problem.message])).toEqual([
      ["items", "«bloc_empty»"],
      ["condition.fieldId", "«select_question»"],
    ]);
    const refused = { draft: current, details: [{ field: "items.0.items", code: "x", message: "From the API." }] };
    expect(builderProblems(current, FIELDS, translate, refused).byItem.get("g")).toHaveLength(3);
    // The same message twice is shown once.
    const same = { draft: current, details: [{ field: "items.0.items", code: "bloc_empty", message: "«bloc_empty»" }] };
    expect(builderProblems(current, FIELDS, translate, same).count).toBe(2);
    expect(builderProblems({ ...current }, FIELDS, translate, refused).count).toBe(2);
  });
});

describe("the linter's warnings in the builder", () => {
  const WORKSHOP_Q: FormItem = { kind: "question", id: "q", fieldId: WORKSHOP };
  const group: FormItem = {
    kind: "group",
    id: "g",
    condition: { fieldId: WORKSHOP, answers: ["am"] },
    items: [{ kind: "text", id: "t", title: "Hi", description: "" }],
  };
  const translate = (code: string) => `«${code}»`;

  it("warns where a group's question is placed after it, without counting it a problem", () => {
    const current = draft([group, WORKSHOP_Q]);
    expect(builderWarnings(current, FIELDS, translate, null).byItem.get("g")).toEqual([
      {
        field: "items.0.condition.fieldId",
        code: "condition_after_group",
        message: "«condition_after_group»",
        at: "condition.fieldId",
      },
    ]);
    expect(builderProblems(current, FIELDS, translate, null).count).toBe(0);
  });

  it("adds the API's warnings (answers' quotas counted) while the items are the saved ones", () => {
    const current = draft([WORKSHOP_Q, group]);
    const saved = {
      items: current.items,
      warnings: [{ field: "items.0.fieldId", code: "required_unanswerable" as const }],
    };
    expect(
      builderWarnings(current, FIELDS, translate, saved)
        .byItem.get("q")
        ?.map((w) => w.code),
    ).toEqual(["required_unanswerable"]);
    const edited = draft([WORKSHOP_Q, { ...group, items: [] }]);
    expect(builderWarnings(edited, FIELDS, translate, saved).byItem.get("q")).toBeUndefined();
  });
});
