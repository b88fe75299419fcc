import { describe, expect, it } from "vitest";
import { changedFields, expandNested } from "./auditChanges.ts";

describe("audit changes", () => {
  it("lists only the fields that changed, creations included", () => {
    expect(changedFields({ name: "A", isAllDay: false }, { name: "B", isAllDay: false })).toEqual([
      { field: "name", before: "A", after: "B" },
    ]);
    expect(changedFields(null, { name: "B" })).toEqual([{ field: "name", before: null, after: "B" }]);
  });

  it("splits an object's change into one change per key that differs", () => {
    const changes = changedFields({ answers: { a: 1, b: 2 }, name: "A" }, { answers: { a: 1, b: 3, c: 4 }, name: "B" });
    expect(expandNested(changes, "answers")).toEqual([
      { field: "answers.b", before: 2, after: 3 },
      { field: "answers.c", before: null, after: 4 },
      { field: "name", before: "A", after: "B" },
    ]);
    expect(expandNested(changedFields(null, { answers: { a: 1 } }), "answers")).toEqual([
      { field: "answers.a", before: null, after: 1 },
    ]);
  });
});
