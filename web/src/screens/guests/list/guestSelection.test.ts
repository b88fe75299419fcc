import { describe, expect, it } from "vitest";
import {
  canSelectAllMatching,
  isSelected,
  NO_SELECTION,
  selectAllMatching,
  selectIds,
  selectionBody,
  selectionCount,
  toggle,
} from "./guestSelection.ts";

const TOTAL = 100_000;
const loaded = Array.from({ length: 100 }, (_, i) => `g${i}`);

describe("the guest list's selection", () => {
  it("offers 'select all N matching' once every loaded row is selected; the selection is then the query", () => {
    const query = { search: "lef", status: "confirmed", sort: "email", order: "desc" as const };
    let selection = selectIds(["g1"]);
    expect(canSelectAllMatching(selection, loaded, TOTAL)).toBe(false);
    expect(selectionBody(selection, query)).toEqual({ ids: ["g1"] });
    selection = selectIds(loaded);
    expect(canSelectAllMatching(selection, loaded, TOTAL)).toBe(true);
    expect(selectionCount(selection, TOTAL)).toBe(100);
    selection = selectAllMatching(loaded);
    expect(canSelectAllMatching(selection, loaded, TOTAL)).toBe(false);
    expect(selectionCount(selection, TOTAL)).toBe(TOTAL);
    expect(selectionBody(selection, query)).toEqual({ query: { search: "lef", status: "confirmed" } });
    // Rows not loaded yet show as selected too.
    expect(isSelected(selection, "g5000")).toBe(true);
    // Unticking one row goes back to the listed ids.
    selection = toggle(selection, "g0", loaded);
    expect(selectionCount(selection, TOTAL)).toBe(99);
    expect(isSelected(selection, "g0")).toBe(false);
    expect(isSelected(selection, "g1")).toBe(true);
    expect("ids" in selectionBody(selection, query)).toBe(true);
    selection = toggle(selection, "g0", loaded);
    expect(selectionCount(selection, TOTAL)).toBe(100);
  });

  it("is empty to start with, and never offers 'all matching' when everything matching is loaded", () => {
    expect(selectionCount(NO_SELECTION, TOTAL)).toBe(0);
    expect(canSelectAllMatching(NO_SELECTION, loaded, TOTAL)).toBe(false);
    expect(canSelectAllMatching(selectIds(loaded), loaded, loaded.length)).toBe(false);
  });
});
