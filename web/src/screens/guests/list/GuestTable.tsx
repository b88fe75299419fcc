import { Box, Checkbox, Skeleton, Text, UnstyledButton } from "@mantine/core";
import { useVirtualizer } from "@tanstack/react-virtual";
import { observer } from "mobx-react-lite";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { GuestJson, GuestsQuery } from "@tessera/shared/client";
import type { GuestListStore } from "@/stores/GuestListStore.ts";
import type { GuestColumn } from "./guestColumns.ts";

const ROW_HEIGHT = 40;
const CHECK_WIDTH = 44;
const FETCH_DELAY_MS = 120;
/** How far a column may shrink to fit the table's width (its nominal width is the most it asks for). */
const MIN_COLUMN_WIDTH = 110;
const minWidth = (column: GuestColumn) => Math.min(column.width, Math.max(MIN_COLUMN_WIDTH, column.width * 0.6));

interface GuestTableProps {
  store: GuestListStore;
  columns: GuestColumn[];
  query: GuestsQuery;
  selectable: boolean;
  onSort: (key: string) => void;
  onOpen: (guest: GuestJson) => void;
}

/**
 * The guest list as a table whose rows are drawn only where the screen shows them (100,000 guests
 * stay smooth); the pages of rows are fetched as they scroll into view.
 */
export const GuestTable = observer(function GuestTable({
  store,
  columns,
  query,
  selectable,
  onSort,
  onOpen,
}: GuestTableProps) {
  const { t } = useTranslation("web");
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: store.total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  // Fetch once the scrolling pauses: a fast scroll through 100,000 rows does not ask for every page it passes.
  useEffect(() => {
    const timer = setTimeout(() => store.ensureRows(first, last), FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [store, first, last, store.hasLoaded, store.total]);
  // A new view of the list starts at the top.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [query]);

  // Columns share the table's width in proportion to their nominal widths, each shrinking at most to its
  // minimum; below the sum of the minimums the table scrolls sideways. Header and rows use the same grid.
  const template = [
    ...(selectable ? [`${CHECK_WIDTH}px`] : []),
    ...columns.map((column) => `minmax(${minWidth(column)}px, ${column.width}fr)`),
  ].join(" ");
  const width = columns.reduce((sum, column) => sum + minWidth(column), selectable ? CHECK_WIDTH : 0);
  const rowGroupWidth = { width: "100%", minWidth: width };
  const loadedIds = store.loadedIds;
  const allSelected = loadedIds.length > 0 && loadedIds.every((id) => store.isSelected(id));
  const someSelected = store.selected.size > 0 && !allSelected;

  return (
    <Box
      ref={scrollRef}
      role="table"
      aria-label={t("guests.list.tableLabel")}
      aria-rowcount={store.total + 1}
      aria-busy={store.isLoading}
      style={{
        height: "max(420px, calc(100vh - 380px))",
        overflow: "auto",
        border: "1px solid var(--mantine-color-default-border)",
        borderRadius: "var(--mantine-radius-sm)",
      }}
    >
      <div role="rowgroup" style={{ position: "sticky", top: 0, zIndex: 1, ...rowGroupWidth }}>
        <div
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
          {selectable && (
            <div role="columnheader" style={{ paddingLeft: 12 }}>
              <Checkbox
                aria-label={t("guests.list.selectAll")}
                checked={allSelected}
                indeterminate={someSelected}
                onChange={() => store.setSelection(allSelected ? [] : loadedIds)}
              />
            </div>
          )}
          {columns.map((column) => {
            const active = query.sort === column.key;
            const order = active ? (query.order ?? "asc") : null;
            return (
              <div
                key={column.key}
                role="columnheader"
                aria-sort={order === "asc" ? "ascending" : order === "desc" ? "descending" : "none"}
                style={{ padding: "0 8px", overflow: "hidden" }}
              >
                <UnstyledButton
                  onClick={() => onSort(column.key)}
                  fz="sm"
                  fw={600}
                  title={column.label}
                  style={{ whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis", maxWidth: "100%" }}
                >
                  {column.label}
                  {order === "asc" ? " ▲" : order === "desc" ? " ▼" : ""}
                </UnstyledButton>
              </div>
            );
          })}
        </div>
      </div>
      <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), ...rowGroupWidth, position: "relative" }}>
        {items.map((item) => {
          const guest = store.guestAt(item.index);
          return (
            <div
              key={item.key}
              role="row"
              aria-rowindex={item.index + 2}
              data-testid={guest ? "guest-row" : "guest-row-loading"}
              aria-label={guest ? guest.fullName || guest.email || "" : undefined}
              onClick={guest ? () => onOpen(guest) : undefined}
              tabIndex={guest ? 0 : -1}
              onKeyDown={(event) => {
                if (guest && event.key === "Enter" && event.target === event.currentTarget) onOpen(guest);
              }}
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
                cursor: guest ? "pointer" : "default",
                borderBottom: "1px solid var(--mantine-color-default-border)",
                background: guest && store.isSelected(guest.id) ? "var(--mantine-primary-color-light)" : undefined,
              }}
            >
              {selectable && (
                <div role="cell" style={{ paddingLeft: 12 }} onClick={(event) => event.stopPropagation()}>
                  {guest && (
                    <Checkbox
                      aria-label={t("guests.list.select", { name: guest.fullName || guest.email || "" })}
                      checked={store.isSelected(guest.id)}
                      onChange={() => store.toggle(guest.id)}
                    />
                  )}
                </div>
              )}
              {columns.map((column) => (
                <div key={column.key} role="cell" style={{ padding: "0 8px", overflow: "hidden" }}>
                  {guest ? (
                    <Text size="sm" truncate="end">
                      {column.value(guest)}
                    </Text>
                  ) : (
                    <Skeleton height={12} radius="sm" />
                  )}
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </Box>
  );
});
