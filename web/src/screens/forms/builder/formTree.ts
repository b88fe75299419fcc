import { walkFormItems, type FormGroupItem, type FormItem, type FormItemKind } from "@tessera/shared/rules/forms";

/*
 * The builder's list of items as one flat, ordered list of rows (what dnd-kit sorts): each item, a group's
 * header included, and after a group's items a row closing it. An item sits in the group whose header it
 * follows until that group's closing row, so where a row is dropped says, with no ambiguity, whether it goes
 * into a group, out of it, or stays at the top of the form. While a group is dragged every group shows as
 * its header only, so a group can only land between the form's items (never inside another group).
 */

/** One row of the builder's list. */
export type BuilderRow =
  | { type: "item"; id: string; item: FormItem; groupId: string | null }
  | { type: "groupEnd"; id: string; groupId: string; isEmpty: boolean };

/** The id of the row closing a group (item ids hold no colon: FORM_ITEM_ID_PATTERN). */
export const groupEndId = (groupId: string) => `${groupId}:end`;

/** The rows of the form's items; `collapseGroups`: each group as its header alone (while a group is dragged). */
export function flattenItems(items: readonly FormItem[], collapseGroups = false): BuilderRow[] {
  const rows: BuilderRow[] = [];
  for (const item of items) {
    rows.push({ type: "item", id: item.id, item, groupId: null });
    if (item.kind !== "group" || collapseGroups) continue;
    for (const child of item.items) rows.push({ type: "item", id: child.id, item: child, groupId: item.id });
    rows.push({ type: "groupEnd", id: groupEndId(item.id), groupId: item.id, isEmpty: item.items.length === 0 });
  }
  return rows;
}

/** Why a move is refused: the code of the builder's rule it would break (validation catalogue). */
export type MoveRefusal = "group_conditioned_by_itself";
export type MoveOutcome = { items: FormItem[] } | { refused: MoveRefusal };

/**
 * The items once the row `activeId` is put where the row `overId` is (dnd-kit's sortable move: after it
 * when moving down, before it when moving up). A question never goes into the group its answer conditions.
 */
export function moveItem(items: readonly FormItem[], activeId: string, overId: string): MoveOutcome {
  const active = findItem(items, activeId);
  if (!active) return { items: [...items] };
  const collapse = active.kind === "group";
  const rows = flattenItems(items, collapse);
  const from = rows.findIndex((row) => row.id === activeId);
  const to = rows.findIndex((row) => row.id === overId);
  if (from < 0 || to < 0 || from === to) return { items: [...items] };
  const moved = [...rows];
  moved.splice(to, 0, ...moved.splice(from, 1));

  const result: FormItem[] = [];
  let open: FormGroupItem | null = null;
  for (const row of moved) {
    if (row.type === "groupEnd") {
      open = null;
      continue;
    }
    const { item } = row;
    if (item.kind === "group" && !collapse) {
      open = { ...item, items: [] };
      result.push(open);
    } else if (open && item.kind !== "group") {
      open.items.push(item);
    } else {
      result.push(item);
    }
  }
  const group = groupOf(result, activeId);
  if (group && active.kind === "question" && group.condition.fieldId === active.fieldId) {
    return { refused: "group_conditioned_by_itself" };
  }
  return { items: result };
}

/** An item of the form, in a group or not. */
export function findItem(items: readonly FormItem[], id: string): FormItem | undefined {
  for (const { item } of walkFormItems(items)) if (item.id === id) return item;
  return undefined;
}

/** The group holding the item `id`, or null when it is not in a group. */
export function groupOf(items: readonly FormItem[], id: string): FormGroupItem | null {
  for (const { item, group } of walkFormItems(items)) if (item.id === id) return group;
  return null;
}

/** Where an item is: its group (null: the form itself), its position (from 1) and how many items are there. */
export function placeOf(
  items: readonly FormItem[],
  id: string,
): { group: FormGroupItem | null; position: number; count: number } | null {
  const group = groupOf(items, id);
  const siblings = group ? group.items : items;
  const index = siblings.findIndex((item) => item.id === id);
  return index < 0 ? null : { group, position: index + 1, count: siblings.length };
}

/** The items with the item `id` replaced (wherever it is). */
export function replaceItem(items: readonly FormItem[], id: string, next: FormItem): FormItem[] {
  return items.map((item) => {
    if (item.id === id) return next;
    if (item.kind !== "group" || !item.items.some((child) => child.id === id)) return item;
    return { ...item, items: item.items.map((child) => (child.id === id ? next : child)) };
  });
}

/** The items without the item `id` (a group goes with its items). */
export function removeItem(items: readonly FormItem[], id: string): FormItem[] {
  return items
    .filter((item) => item.id !== id)
    .map((item) =>
      item.kind === "group" && item.items.some((child) => child.id === id)
        ? { ...item, items: item.items.filter((child) => child.id !== id) }
        : item,
    );
}

/** The items with `added` last in the form, or last in the group `groupId`. */
export function appendItem(items: readonly FormItem[], added: FormItem, groupId: string | null = null): FormItem[] {
  if (!groupId) return [...items, added];
  return items.map((item) =>
    item.id === groupId && item.kind === "group" ? { ...item, items: [...item.items, added] } : item,
  );
}

/** The custom fields the form's questions name. */
export function questionFieldIds(items: readonly FormItem[]): Set<string> {
  const ids = new Set<string>();
  for (const { item } of walkFormItems(items)) if (item.kind === "question") ids.add(item.fieldId);
  return ids;
}

/** A new item id, unlike every id of the form (FORM_ITEM_ID_PATTERN). */
export function newItemId(kind: FormItemKind, items: readonly FormItem[], random: () => number = Math.random): string {
  const taken = new Set([...walkFormItems(items)].map(({ item }) => item.id));
  for (;;) {
    const id = `${kind}-${Math.floor(random() * 36 ** 6)
      .toString(36)
      .padStart(6, "0")}`;
    if (!taken.has(id)) return id;
  }
}

/** A problem placed on the builder: `at` is what it is about inside its item ("title", "condition.answers", ""). */
export type Placed<T> = T & { at: string };

/**
 * The builder's issues (the rules' or the API's 422 details: `field` a dotted path such as
 * "items.1.condition.fieldId") by what they are about: the title, the form as a whole, or an item (by id).
 */
export function placeIssues<T extends { field: string }>(
  issues: readonly T[],
  items: readonly FormItem[],
): { title: T[]; form: T[]; byItem: Map<string, Placed<T>[]> } {
  const paths = [...walkFormItems(items)].map(({ item, path }) => ({ id: item.id, path }));
  // The longest path first: "items.1.items.0" is the group's item, not the group.
  paths.sort((a, b) => b.path.length - a.path.length);
  const placed = { title: [] as T[], form: [] as T[], byItem: new Map<string, Placed<T>[]>() };
  for (const issue of issues) {
    if (issue.field === "title") {
      placed.title.push(issue);
      continue;
    }
    const owner = paths.find(({ path }) => issue.field === path || issue.field.startsWith(`${path}.`));
    if (!owner) {
      placed.form.push(issue);
      continue;
    }
    const list = placed.byItem.get(owner.id) ?? [];
    list.push({ ...issue, at: issue.field.slice(owner.path.length + 1) });
    placed.byItem.set(owner.id, list);
  }
  return placed;
}

/** What a new item of each kind starts with (the titles are the builder's, in the user's language). */
export type NewItemSpec =
  | { kind: "question"; fieldId: string }
  | { kind: "text" | "group" }
  | { kind: "participation" | "companions" | "recommendations"; title: string };

/** A new item, its id unlike the form's. */
export function newItem(spec: NewItemSpec, items: readonly FormItem[]): FormItem {
  const id = newItemId(spec.kind, items);
  switch (spec.kind) {
    case "question":
      return { kind: "question", id, fieldId: spec.fieldId };
    case "text":
      return { kind: "text", id, title: "", description: "" };
    case "group":
      return { kind: "group", id, condition: { fieldId: null, answers: [] }, items: [] };
    case "participation":
      return { kind: "participation", id, title: spec.title };
    case "companions":
      return { kind: "companions", id, title: spec.title, companionFormId: null };
    case "recommendations":
      return { kind: "recommendations", id, title: spec.title, max: RECOMMENDATIONS_DEFAULT };
  }
}

/** How many people a guest may recommend, until the organizer says otherwise. */
export const RECOMMENDATIONS_DEFAULT = 5;
