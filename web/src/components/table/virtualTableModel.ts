import type { ColumnDef, ColumnSizingState, SortingState, TableOptions } from "@tanstack/react-table";
import type { ReactNode } from "react";

/** A column of a VirtualTable: what it shows of a row, how wide it wants to be, whether it sorts. */
export interface VirtualColumn<TRow> {
  /** Also the sort key the table reports (server-side sort). */
  id: string;
  header: string;
  /** The width the column asks for (px); columns share the table's width in proportion to it. */
  size: number;
  /** How far it may shrink to fit (px); below the sum of these the table scrolls sideways. */
  minSize?: number;
  /** Default true. */
  canSort?: boolean;
  /** The cell's text (and its value). */
  value: (row: TRow) => string;
  /** Draws the cell when plain text is not enough. */
  cell?: (row: TRow) => ReactNode;
}

/** How far a column shrinks by default: 60 % of its width, never under 110 px (nor over its width). */
export const MIN_COLUMN_WIDTH = 110;
export function defaultMinSize(size: number): number {
  return Math.min(size, Math.max(MIN_COLUMN_WIDTH, Math.round(size * 0.6)));
}

/** The columns as TanStack Table's definitions (the cell is drawn by the table from `value` or `cell`). */
export function toColumnDefs<TRow>(columns: readonly VirtualColumn<TRow>[]): ColumnDef<TRow, string>[] {
  return columns.map((column) => ({
    id: column.id,
    header: column.header,
    accessorFn: column.value,
    size: column.size,
    minSize: column.minSize ?? defaultMinSize(column.size),
    enableSorting: column.canSort ?? true,
  }));
}

/**
 * The table's own options: sorting is the server's (rows arrive sorted; a header click asks for ascending
 * first, then flips between ascending and descending, never back to unsorted, one column at a time), columns
 * are resized by dragging while the pointer moves. The rows given change with every scroll: nothing of
 * the table's state is reset when they do (a reset would render again, with new rows, for ever).
 */
export const TABLE_BEHAVIOUR = {
  manualSorting: true,
  manualPagination: true,
  autoResetAll: false,
  enableSortingRemoval: false,
  enableMultiSort: false,
  sortDescFirst: false,
  columnResizeMode: "onChange",
} as const satisfies Partial<TableOptions<unknown>>;

/**
 * The CSS grid columns shared by the header and the rows: a column resized by hand keeps its width;
 * the others share the rest in proportion to their sizes, each shrinking at most to its minimum.
 */
export function gridTemplate(
  columns: readonly { id: string; size: number; minSize: number }[],
  resized: ColumnSizingState,
  leading: readonly number[] = [],
): { template: string; minWidth: number } {
  const parts = [
    ...leading.map((width) => `${width}px`),
    ...columns.map((column) =>
      column.id in resized ? `${resized[column.id]}px` : `minmax(${column.minSize}px, ${column.size}fr)`,
    ),
  ];
  const minWidth =
    leading.reduce((sum, width) => sum + width, 0) +
    columns.reduce((sum, column) => sum + (column.id in resized ? resized[column.id]! : column.minSize), 0);
  return { template: parts.join(" "), minWidth };
}

/** The server-side sort of a list as TanStack's sorting state (one column or none). */
export function sortingOf(sort: string | undefined, order: "asc" | "desc" | undefined): SortingState {
  return sort ? [{ id: sort, desc: order === "desc" }] : [];
}

/** The row that takes the focus after a key press in a list of `count` rows (null: the key does not move it). */
export function nextRowIndex(key: string, current: number, count: number, rowsPerScreen: number): number | null {
  if (count <= 0) return null;
  const last = count - 1;
  const clamp = (index: number) => Math.min(last, Math.max(0, index));
  switch (key) {
    case "ArrowDown":
      return clamp(current + 1);
    case "ArrowUp":
      return clamp(current - 1);
    case "PageDown":
      return clamp(current + Math.max(1, rowsPerScreen));
    case "PageUp":
      return clamp(current - Math.max(1, rowsPerScreen));
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return null;
  }
}
