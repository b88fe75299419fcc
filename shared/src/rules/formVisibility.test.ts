import { describe, expect, it } from "vitest";
import type { FormItem } from "./forms.ts";
import { groupConditionMet, shownFieldIds } from "./formVisibility.ts";

const items: FormItem[] = [
  { kind: "question", id: "q1", fieldId: "workshop" },
  { kind: "question", id: "q2", fieldId: "topics" },
  {
    kind: "group",
    id: "g1",
    condition: { fieldId: "workshop", answers: ["am", "pm"] },
    items: [{ kind: "question", id: "q3", fieldId: "diet" }],
  },
  {
    kind: "group",
    id: "g2",
    condition: { fieldId: "topics", answers: ["ai"] },
    items: [{ kind: "question", id: "q4", fieldId: "paper" }],
  },
];

describe("which questions a guest is shown", () => {
  it("shows questions outside groups, and a group's when its question's answer is one of its answers", () => {
    expect([...shownFieldIds(items, {})].sort()).toEqual(["topics", "workshop"]);
    expect([...shownFieldIds(items, { workshop: "pm" })].sort()).toEqual(["diet", "topics", "workshop"]);
    expect([...shownFieldIds(items, { workshop: "evening", topics: ["web", "ai"] })].sort()).toEqual([
      "paper",
      "topics",
      "workshop",
    ]);
  });

  it("meets no condition without a question, or with answers of another shape", () => {
    expect(groupConditionMet({ fieldId: null, answers: ["am"] }, { workshop: "am" })).toBe(false);
    expect(groupConditionMet({ fieldId: "workshop", answers: ["1"] }, { workshop: 1 })).toBe(false);
    expect(groupConditionMet({ fieldId: "workshop", answers: ["am"] }, { workshop: ["am"] })).toBe(true);
  });
});
