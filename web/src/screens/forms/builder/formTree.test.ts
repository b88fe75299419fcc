import type { FormItem } from "@tessera/shared/rules/forms";
import { describe, expect, it } from "vitest";
import {
  appendItem,
  flattenItems,
  groupEndId,
  moveItem,
  newItemId,
  placeIssues,
  placeOf,
  removeItem,
  replaceItem,
} from "./formTree.ts";

const WORKSHOP = "00000000-0000-4000-8000-000000000001";
const DIET = "00000000-0000-4000-8000-000000000002";
const NOTES = "00000000-0000-4000-8000-000000000003";

const question = (id: string, fieldId: string): FormItem => ({ kind: "question", id, fieldId });
const text = (id: string): FormItem => ({ kind: "text", id, title: id, description: "" });
const group = (id: string, items: FormItem[], fieldId: string | null = WORKSHOP): FormItem => ({
  kind: "group",
  id,
  condition: { fieldId, answers: fieldId ? ["am"] : [] },
  items,
});

/** The form's shape in short: ids, a group as [id, [its items' ids]]. */
const shape = (items: readonly FormItem[]): unknown[] =>
  items.map((item) => (item.kind === "group" ? [item.id, item.items.map((child) => child.id)] : item.id));
const moved = (items: FormItem[], active: string, over: string) => {
  const outcome = moveItem(items, active, over);
  if ("refused" in outcome) throw new Error(`refused: ${outcome.refused}`);
  return shape(outcome.items);
};

// workshop, [group g: diet], intro
const FORM = [question("workshop", WORKSHOP), group("g", [question("diet", DIET)]), text("intro")];

describe("the builder's list of items", () => {
  it("lists each item, a group's items after its header and a row closing the group", () => {
    expect(flattenItems(FORM).map((row) => row.id)).toEqual(["workshop", "g", "diet", groupEndId("g"), "intro"]);
    expect(flattenItems(FORM, true).map((row) => row.id)).toEqual(["workshop", "g", "intro"]);
    expect(flattenItems([group("empty", [])]).at(-1)).toMatchObject({ type: "groupEnd", isEmpty: true });
  });

  it("moves an item into a group below its header and out of it past its end, one place at a time", () => {
    // intro moves up: above the end it is the group's last item, above diet its first, above the header out.
    expect(moved(FORM, "intro", groupEndId("g"))).toEqual(["workshop", ["g", ["diet", "intro"]]]);
    const inside = [question("workshop", WORKSHOP), group("g", [question("diet", DIET), text("intro")])];
    expect(moved(inside, "intro", "diet")).toEqual(["workshop", ["g", ["intro", "diet"]]]);
    const first = [question("workshop", WORKSHOP), group("g", [text("intro"), question("diet", DIET)])];
    expect(moved(first, "intro", "g")).toEqual(["workshop", "intro", ["g", ["diet"]]]);
    // diet moves down past the group's end: out, after the group.
    expect(moved(FORM, "diet", groupEndId("g"))).toEqual(["workshop", ["g", []], "diet", "intro"]);
    // A question above a group moving down over its header lands first in it.
    const above = [text("intro"), question("workshop", WORKSHOP), group("g", [question("diet", DIET)])];
    expect(moved(above, "intro", "g")).toEqual(["workshop", ["g", ["intro", "diet"]]]);
  });

  it("drops into an empty group through its closing row", () => {
    const items = [question("workshop", WORKSHOP), group("g", []), text("intro")];
    expect(moved(items, "intro", groupEndId("g"))).toEqual(["workshop", ["g", ["intro"]]]);
  });

  it("moves a group whole, between the form's items only, never inside another group", () => {
    const items = [
      question("workshop", WORKSHOP),
      group("g1", [question("diet", DIET)]),
      group("g2", [question("notes", NOTES)]),
    ];
    expect(moved(items, "g2", "g1")).toEqual(["workshop", ["g2", ["notes"]], ["g1", ["diet"]]]);
    expect(moved(items, "g1", "g2")).toEqual(["workshop", ["g2", ["notes"]], ["g1", ["diet"]]]);
    expect(moved(items, "g1", "workshop")).toEqual([["g1", ["diet"]], "workshop", ["g2", ["notes"]]]);
  });

  it("refuses to put a question into the group its answer conditions", () => {
    const items = [question("workshop", WORKSHOP), group("g", [question("diet", DIET)])];
    expect(moveItem(items, "workshop", "g")).toEqual({ refused: "group_conditioned_by_itself" });
    expect(moved(items, "workshop", "workshop")).toEqual(["workshop", ["g", ["diet"]]]);
  });

  it("says where an item is", () => {
    expect(placeOf(FORM, "intro")).toEqual({ group: null, position: 3, count: 3 });
    expect(placeOf(FORM, "diet")).toMatchObject({ group: { id: "g" }, position: 1, count: 1 });
    expect(placeOf(FORM, "nothing")).toBeNull();
  });

  it("changes, removes and adds items in the form or in a group", () => {
    const renamed = replaceItem(FORM, "diet", question("diet", NOTES));
    expect(renamed[1]).toMatchObject({ items: [{ id: "diet", fieldId: NOTES }] });
    expect(shape(removeItem(FORM, "diet"))).toEqual(["workshop", ["g", []], "intro"]);
    expect(shape(removeItem(FORM, "g"))).toEqual(["workshop", "intro"]);
    expect(shape(appendItem(FORM, text("end")))).toEqual(["workshop", ["g", ["diet"]], "intro", "end"]);
    expect(shape(appendItem(FORM, text("end"), "g"))).toEqual(["workshop", ["g", ["diet", "end"]], "intro"]);
  });

  it("makes item ids the API accepts, unlike the form's", () => {
    const taken = `text-${Math.floor(0.5 * 36 ** 6).toString(36)}`;
    const draws = [0.5, 0.25];
    const id = newItemId("text", [text(taken)], () => draws.shift() ?? 0);
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
    expect(id).toBe(`text-${Math.floor(0.25 * 36 ** 6).toString(36)}`);
  });

  it("places the rules' issues (and the API's details) on the title, the form or the item they are about", () => {
    const placed = placeIssues(
      [
        { field: "title", code: "title_required" },
        { field: "items", code: "at_least_one_item" },
        { field: "items.1.condition.answers", code: "answer_required" },
        { field: "items.1.items", code: "bloc_empty" },
        { field: "items.1.items.0.fieldId", code: "question_twice" },
        { field: "items.2", code: "item_once" },
      ],
      FORM,
    );
    expect(placed.title).toEqual([{ field: "title", code: "title_required" }]);
    expect(placed.form).toEqual([{ field: "items", code: "at_least_one_item" }]);
    expect(placed.byItem.get("g")?.map((issue) => issue.at)).toEqual(["condition.answers", "items"]);
    expect(placed.byItem.get("diet")).toEqual([
      { field: "items.1.items.0.fieldId", code: "question_twice", at: "fieldId" },
    ]);
    expect(placed.byItem.get("intro")).toEqual([{ field: "items.2", code: "item_once", at: "" }]);
  });
});
