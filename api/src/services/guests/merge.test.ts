import { GUEST_STATUSES, MERGE_STATUS_ORDER } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { mergeGuestAnswers, moreAdvancedStatus } from "./merge.ts";
import { guestNameKey } from "./prepare.ts";

describe("merge rules", () => {
  it("orders every guest status once, confirmed first and unanswered last", () => {
    expect([...MERGE_STATUS_ORDER].sort()).toEqual([...GUEST_STATUSES].sort());
    expect(MERGE_STATUS_ORDER[0]).toBe("confirmed");
    expect(MERGE_STATUS_ORDER[1]).toBe("pending_approval");
    expect(MERGE_STATUS_ORDER.at(-1)).toBe("unanswered");
  });

  it("keeps the more advanced status whichever side it is on", () => {
    expect(moreAdvancedStatus("unanswered", "confirmed")).toBe("confirmed");
    expect(moreAdvancedStatus("confirmed", "refused")).toBe("confirmed");
    expect(moreAdvancedStatus("refused", "pending_approval")).toBe("pending_approval");
    expect(moreAdvancedStatus("cancelled", "refused")).toBe("cancelled");
    expect(moreAdvancedStatus("refused", "unanswered")).toBe("refused");
  });

  it("keeps the kept guest's non-empty answers, fills gaps, unites multiple choices", () => {
    const merged = mergeGuestAnswers(
      { text: "kept", empty: "", none: null, mc: ["a", "b"], emptyMc: [] },
      { text: "merged", empty: "filled", none: 3, mc: ["b", "c"], emptyMc: ["x"], extra: "new" },
      new Set(["mc", "emptyMc"]),
    );
    expect(merged).toEqual({
      text: "kept",
      empty: "filled",
      none: 3,
      mc: ["a", "b", "c"],
      emptyMc: ["x"],
      extra: "new",
    });
  });
});

describe("guestNameKey", () => {
  it("folds case, accents and spaces; needs both names", () => {
    expect(guestNameKey(" Hélène ", "DUPRÉ")).toBe("helene|dupre");
    expect(guestNameKey("Jean  Luc", "Le Pen")).toBe("jean luc|le pen");
    expect(guestNameKey("José", "García")).toBe(guestNameKey("jose", " garcia"));
    expect(guestNameKey("Solo", null)).toBeNull();
    expect(guestNameKey("  ", "Last")).toBeNull();
  });
});
