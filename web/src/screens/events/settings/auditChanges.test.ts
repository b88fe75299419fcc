import { describe, expect, it } from "vitest";
import { changedFields } from "./auditChanges.ts";

describe("audit changes", () => {
  it("lists only the fields that changed, creations included", () => {
    expect(changedFields({ name: "A", isAllDay: false }, { name: "B", isAllDay: false })).toEqual([
      { field: "name", before: "A", after: "B" },
    ]);
    expect(changedFields(null, { name: "B" })).toEqual([{ field: "name", before: null, after: "B" }]);
  });
});
