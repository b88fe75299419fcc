import type { FormItem } from "@tessera/shared/rules/forms";
import type { BuilderField } from "@tessera/shared/rules/formBuilder";
import { describe, expect, it } from "vitest";
import { builderProblems, kindRefusal, type BuilderDraft } from "./builderRules.ts";

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
