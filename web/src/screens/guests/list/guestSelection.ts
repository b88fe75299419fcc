import type { GuestSelectionBody, GuestsQuery } from "@/queries/guests.ts";

/**
 * Which guests of the list are selected (client state): listed ids, or every guest the view matches
 * ("select all N matching"), loaded or not. Each change gives a new value.
 */
export interface GuestSelection {
  readonly ids: ReadonlySet<string>;
  readonly allMatching: boolean;
}

export const NO_SELECTION: GuestSelection = { ids: new Set(), allMatching: false };

export function selectIds(ids: Iterable<string>): GuestSelection {
  return { ids: new Set(ids), allMatching: false };
}

/** Whether a row shows as selected (every row does once all matching guests are). */
export function isSelected(selection: GuestSelection, id: string): boolean {
  return selection.allMatching || selection.ids.has(id);
}

/** Ticks or unticks a row; unticking one row of "all matching" keeps the rows loaded now, as listed ids. */
export function toggle(selection: GuestSelection, id: string, loadedIds: readonly string[]): GuestSelection {
  const ids = new Set(selection.allMatching ? loadedIds : selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, allMatching: false };
}

/** Selects every guest the view matches (bulk actions then send the view's filters, not ids). */
export function selectAllMatching(loadedIds: readonly string[]): GuestSelection {
  return { ids: new Set(loadedIds), allMatching: true };
}

/** How many guests the selection holds. */
export function selectionCount(selection: GuestSelection, total: number): number {
  return selection.allMatching ? total : selection.ids.size;
}

/** Every loaded row is selected and more guests match than are loaded: "select all N matching" is offered. */
export function canSelectAllMatching(selection: GuestSelection, loadedIds: readonly string[], total: number): boolean {
  if (selection.allMatching || selection.ids.size === 0) return false;
  return loadedIds.length < total && loadedIds.every((id) => selection.ids.has(id));
}

/** What a bulk action sends: the selected ids, or the view's filters and search (not its order). */
export function selectionBody(selection: GuestSelection, query: GuestsQuery): GuestSelectionBody {
  if (!selection.allMatching) return { ids: [...selection.ids] };
  const { sort: _sort, order: _order, ...filters } = query;
  return { query: filters };
}
