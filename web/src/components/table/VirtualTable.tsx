import { Box, Checkbox, Skeleton, Text, UnstyledButton } from "@mantine/core";
import {
  functionalUpdate,
  getCoreRowModel,
  useReactTable,
  type ColumnSizingState,
  type Row,
  type RowSelectionState,
  type SortingState,
  type VisibilityState,
} from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { gridTemplate, nextRowIndex, TABLE_BEHAVIOUR, toColumnDefs, type VirtualColumn } from "./virtualTableModel.ts";

export type { VirtualColumn } from "./virtualTableModel.ts";

const ROW_HEIGHT = 40;
const CHECK_WIDTH = 44;
/** The rows on screen are reported once the scrolling pauses: a fast scroll does not ask for every part it passes. */
const ROWS_SHOWN_DELAY_MS = 120;

/** Row selection, owned by the screen (a selection may hold rows not loaded, e.g. "all matching"). */
export interface VirtualTableSelection<TRow> {
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  /** The header's checkbox. */
  all: { checked: boolean; indeterminate: boolean; toggle: () => void; label: string };
  /** The accessible name of a row's checkbox. */
  checkboxLabel: (row: TRow) => string;
}

export interface VirtualTableProps<TRow> {
  /** The accessible name of the table. */
  label: string;
  columns: readonly VirtualColumn<TRow>[];
  /** How many rows the list has, loaded or not (a windowed list knows its total). */
  rowCount: number;
  /** The row at an index, or undefined while its part of the list loads (a skeleton is drawn). */
  rowAt: (index: number) => TRow | undefined;
  getRowId: (row: TRow) => string;
  /** The accessible name of a row. */
  rowLabel?: (row: TRow) => string;
  /** Which rows are on screen (with some around them), once the scrolling pauses. */
  onRowsShown?: (first: number, last: number) => void;
  /** The sort the rows arrive in (the server sorts); a header click reports the next one. */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  /** Columns hidden (id → false); all are shown otherwise. */
  columnVisibility?: VisibilityState;
  /** Column ids in the order shown (the others follow). */
  columnOrder?: string[];
  selection?: VirtualTableSelection<TRow>;
  /** Click, or Enter on the focused row. */
  onOpen?: (row: TRow) => void;
  /** Rows are being fetched (aria-busy). */
  isBusy?: boolean;
  /** Another value scrolls back to the top (a new view of the list). */
  resetKey?: unknown;
  /** data-testid of a row (undefined: a row still loading). */
  rowTestId?: (row: TRow | undefined) => string;
  /** CSS height of the scrolling table. */
  height?: string;
}

/**
 * A big list as a table whose rows are drawn only where the screen shows them (100,000 rows stay smooth),
 * on TanStack Table (columns, server-side sort, visibility, resizing, selection) and TanStack Virtual.
 * Keyboard: arrows, Page Up/Down, Home and End move the focused row, Space selects it, Enter opens it.
 */
export function VirtualTable<TRow>({
  label,
  columns,
  rowCount,
  rowAt,
  getRowId,
  rowLabel,
  onRowsShown,
  sorting,
  onSortingChange,
  columnVisibility,
  columnOrder,
  selection,
  onOpen,
  isBusy = false,
  resetKey,
  rowTestId,
  height = "max(420px, calc(100vh - 380px))",
}: VirtualTableProps<TRow>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [columnSizing, setColumnSizing] = useState<ColumnSizingState>({});
  const [activeIndex, setActiveIndex] = useState(0);
  const focusWanted = useRef<number | null>(null);
  const definitions = useMemo(() => toColumnDefs(columns), [columns]);
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;

  // The table's rows are the loaded rows on screen: a few dozen, whatever the list's size.
  const shown = items.flatMap((item) => {
    const row = rowAt(item.index);
    return row === undefined ? [] : [{ index: item.index, row }];
  });
  const rowSelection: RowSelectionState = {};
  if (selection) {
    for (const { row } of shown) if (selection.isSelected(getRowId(row))) rowSelection[getRowId(row)] = true;
  }
  const table = useReactTable<TRow>({
    ...TABLE_BEHAVIOUR,
    data: shown.map(({ row }) => row),
    columns: definitions,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    enableRowSelection: selection !== undefined,
    state: {
      sorting: sorting ?? [],
      columnVisibility: columnVisibility ?? {},
      columnOrder: columnOrder ?? [],
      columnSizing,
      rowSelection,
    },
    onSortingChange: (updater) => onSortingChange?.(functionalUpdate(updater, sorting ?? [])),
    onColumnSizingChange: setColumnSizing,
  });
  const tableRows = table.getRowModel().rows;
  const rowByIndex = new Map<number, Row<TRow>>(shown.map(({ index }, position) => [index, tableRows[position]!]));

  useEffect(() => {
    if (!onRowsShown) return;
    const timer = setTimeout(() => onRowsShown(first, last), ROWS_SHOWN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [onRowsShown, first, last, rowCount]);
  // A new view of the list starts at the top.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
    setActiveIndex(0);
  }, [resetKey]);
  // The row moved to by the keyboard takes the focus once it is drawn.
  useLayoutEffect(() => {
    if (focusWanted.current === null) return;
    const element = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${focusWanted.current}"]`);
    if (element) {
      element.focus({ preventScroll: true });
      focusWanted.current = null;
    }
  });

  const leafColumns = table.getVisibleLeafColumns();
  const { template, minWidth } = gridTemplate(
    leafColumns.map((column) => ({ id: column.id, size: column.getSize(), minSize: column.columnDef.minSize ?? 0 })),
    columnSizing,
    selection ? [CHECK_WIDTH] : [],
  );
  const rowGroupWidth = { width: "100%", minWidth };
  // One row is reachable with Tab: the focused one when it is drawn, else the first drawn.
  const tabbable = items.some((item) => item.index === activeIndex) ? activeIndex : first;

  function onRowKeyDown(event: KeyboardEvent<HTMLDivElement>, index: number, row: TRow | undefined) {
    if (event.target !== event.currentTarget) return;
    const rowsPerScreen = Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1;
    const next = nextRowIndex(event.key, index, rowCount, rowsPerScreen);
    if (next !== null) {
      event.preventDefault();
      setActiveIndex(next);
      focusWanted.current = next;
      virtualizer.scrollToIndex(next, { align: "auto" });
      return;
    }
    if (!row) return;
    if (event.key === " " && selection) {
      event.preventDefault();
      selection.toggle(getRowId(row));
    } else if (event.key === "Enter" && onOpen) {
      event.preventDefault();
      onOpen(row);
    }
  }

  return (
    <Box
      ref={scrollRef}
      role="table"
      aria-label={label}
      aria-rowcount={rowCount + 1}
      aria-busy={isBusy}
      style={{
        height,
        overflow: "auto",
        border: "1px solid var(--mantine-color-default-border)",
        borderRadius: "var(--mantine-radius-sm)",
      }}
    >
      <div role="rowgroup" style={{ position: "sticky", top: 0, zIndex: 1, ...rowGroupWidth }}>
        {table.getHeaderGroups().map((group) => (
          <div
            key={group.id}
            role="row"
            aria-rowindex={1}
            style={{
              display: "grid",
              gridTemplateColumns: template,
              height: ROW_HEIGHT,
              alignItems: "center",
              background: "var(--mantine-color-body)",
              borderBottom: "1px solid var(--mantine-color-default-border)",
              fontWeight: 600,
            }}
          >
            {selection && (
              <div role="columnheader" style={{ paddingLeft: 12 }}>
                <Checkbox
                  aria-label={selection.all.label}
                  checked={selection.all.checked}
                  indeterminate={selection.all.indeterminate}
                  onChange={selection.all.toggle}
                />
              </div>
            )}
            {group.headers.map((header) => {
              const title = String(header.column.columnDef.header ?? "");
              const order = header.column.getIsSorted();
              return (
                <div
                  key={header.id}
                  role="columnheader"
                  aria-sort={order === "asc" ? "ascending" : order === "desc" ? "descending" : "none"}
                  style={{ position: "relative", padding: "0 8px", overflow: "hidden" }}
                >
                  {header.column.getCanSort() ? (
                    <UnstyledButton
                      onClick={header.column.getToggleSortingHandler()}
                      fz="sm"
                      fw={600}
                      title={title}
                      style={{ whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis", maxWidth: "100%" }}
                    >
                      {title}
                      {order === "asc" ? " ▲" : order === "desc" ? " ▼" : ""}
                    </UnstyledButton>
                  ) : (
                    <Text fz="sm" fw={600} truncate="end" title={title}>
                      {title}
                    </Text>
                  )}
                  {header.column.getCanResize() && (
                    <div
                      aria-hidden
                      onMouseDown={header.getResizeHandler()}
                      onTouchStart={header.getResizeHandler()}
                      onDoubleClick={() => setColumnSizing(({ [header.column.id]: _reset, ...kept }) => kept)}
                      style={{
                        position: "absolute",
                        top: 8,
                        right: 0,
                        bottom: 8,
                        width: 5,
                        cursor: "col-resize",
                        touchAction: "none",
                        userSelect: "none",
                        borderRight: `2px solid ${
                          header.column.getIsResizing() ? "var(--mantine-primary-color-filled)" : "transparent"
                        }`,
                      }}
                    />
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), ...rowGroupWidth, position: "relative" }}>
        {items.map((item) => {
          const data = rowAt(item.index);
          const row = rowByIndex.get(item.index);
          const isSelected = row?.getIsSelected() ?? false;
          return (
            <div
              key={item.key}
              role="row"
              data-index={item.index}
              aria-rowindex={item.index + 2}
              data-testid={rowTestId?.(data)}
              aria-label={data !== undefined && rowLabel ? rowLabel(data) : undefined}
              onClick={data !== undefined && onOpen ? () => onOpen(data) : undefined}
              onFocus={() => setActiveIndex(item.index)}
              onKeyDown={(event) => onRowKeyDown(event, item.index, data)}
              tabIndex={item.index === tabbable ? 0 : -1}
              style={{
                position: "absolute",
                top: 0,
                left: 0,
                width: "100%",
                height: ROW_HEIGHT,
                transform: `translateY(${item.start}px)`,
                display: "grid",
                gridTemplateColumns: template,
                alignItems: "center",
                cursor: data !== undefined && onOpen ? "pointer" : "default",
                borderBottom: "1px solid var(--mantine-color-default-border)",
                background: isSelected ? "var(--mantine-primary-color-light)" : undefined,
              }}
            >
              {selection && (
                <div role="cell" style={{ paddingLeft: 12 }} onClick={(event) => event.stopPropagation()}>
                  {data !== undefined && row && (
                    <Checkbox
                      aria-label={selection.checkboxLabel(data)}
                      checked={isSelected}
                      onChange={() => selection.toggle(row.id)}
                      tabIndex={-1}
                    />
                  )}
                </div>
              )}
              {row
                ? row.getVisibleCells().map((cell) => {
                    const column = byId.get(cell.column.id);
                    return (
                      <div key={cell.id} role="cell" style={{ padding: "0 8px", overflow: "hidden" }}>
                        {column?.cell ? (
                          column.cell(row.original)
                        ) : (
                          <Text size="sm" truncate="end">
                            {String(cell.getValue() ?? "")}
                          </Text>
                        )}
                      </div>
                    );
                  })
                : leafColumns.map((column) => (
                    <div key={column.id} role="cell" style={{ padding: "0 8px", overflow: "hidden" }}>
                      <Skeleton height={12} radius="sm" />
                    </div>
                  ))}
            </div>
          );
        })}
      </div>
    </Box>
  );
}
