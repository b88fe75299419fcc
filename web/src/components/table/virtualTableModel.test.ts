import { createTable, getCoreRowModel, type SortingState, type TableState } from "@tanstack/react-table";
import { describe, expect, it } from "vitest";
import {
  defaultMinSize,
  gridTemplate,
  nextRowIndex,
  sortingOf,
  TABLE_BEHAVIOUR,
  toColumnDefs,
  type VirtualColumn,
} from "./virtualTableModel.ts";

interface Person {
  id: string;
  name: string;
  email: string;
}

const columns: VirtualColumn<Person>[] = [
  { id: "name", header: "Name", size: 160, value: (person) => person.name },
  { id: "email", header: "Email", size: 240, minSize: 200, value: (person) => person.email },
  { id: "notes", header: "Notes", size: 100, canSort: false, value: () => "" },
];

/** The table as VirtualTable builds it, with its state held here (as a screen holds the server's sort). */
function tableOf(rows: Person[]) {
  let sorting: SortingState = [];
  let state = {} as TableState;
  const table = createTable<Person>({
    ...TABLE_BEHAVIOUR,
    data: rows,
    columns: toColumnDefs(columns),
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    state: {},
    onStateChange: () => undefined,
    renderFallbackValue: null,
  });
  state = { ...table.initialState, sorting };
  const sync = () =>
    table.setOptions((options) => ({
      ...options,
      state: { ...state, sorting },
      onSortingChange: (updater) => {
        sorting = typeof updater === "function" ? updater(sorting) : updater;
        sync();
      },
    }));
  sync();
  return { table, sorting: () => sorting };
}

describe("the VirtualTable's model", () => {
  it("asks the server for ascending first, then flips between the two orders, one column at a time", () => {
    const rows = [
      { id: "2", name: "Zoé", email: "zoe@example.com" },
      { id: "1", name: "Anaïs", email: "anais@example.com" },
    ];
    const { table, sorting } = tableOf(rows);
    table.getColumn("name")!.toggleSorting(undefined, false);
    expect(sorting()).toEqual([{ id: "name", desc: false }]);
    table.getColumn("name")!.getToggleSortingHandler()!({});
    expect(sorting()).toEqual([{ id: "name", desc: true }]);
    table.getColumn("name")!.getToggleSortingHandler()!({});
    expect(sorting()).toEqual([{ id: "name", desc: false }]);
    table.getColumn("email")!.getToggleSortingHandler()!({});
    expect(sorting()).toEqual([{ id: "email", desc: false }]);
    // The rows stay as the server sent them.
    expect(table.getRowModel().rows.map((row) => row.id)).toEqual(["2", "1"]);
    expect(table.getColumn("notes")!.getCanSort()).toBe(false);
    expect(table.getRow("1").getValue("email")).toBe("anais@example.com");
  });

  it("changes none of its state when the rows on screen change (a reset would render again, for ever)", async () => {
    const changes: unknown[] = [];
    const rows = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ id: String(i), name: `P${i}`, email: `p${i}@example.com` }));
    const table = createTable<Person>({
      ...TABLE_BEHAVIOUR,
      data: rows(3),
      columns: toColumnDefs(columns),
      getRowId: (row) => row.id,
      getCoreRowModel: getCoreRowModel(),
      state: {},
      onStateChange: (updater) => changes.push(updater),
      renderFallbackValue: null,
    });
    table.setOptions((options) => ({ ...options, state: table.initialState }));
    for (let render = 0; render < 3; render++) {
      table.setOptions((options) => ({ ...options, data: rows(3 + render) }));
      expect(table.getRowModel().rows).toHaveLength(3 + render);
      await Promise.resolve();
    }
    expect(changes).toEqual([]);
  });

  it("shares the width in proportion to the sizes, keeps a resized column's width, and knows its minimum", () => {
    expect(defaultMinSize(160)).toBe(110);
    expect(defaultMinSize(300)).toBe(180);
    expect(defaultMinSize(90)).toBe(90);
    const sized = toColumnDefs(columns).map((column) => ({
      id: column.id!,
      size: column.size!,
      minSize: column.minSize!,
    }));
    expect(gridTemplate(sized, {}, [44])).toEqual({
      template: "44px minmax(110px, 160fr) minmax(200px, 240fr) minmax(100px, 100fr)",
      minWidth: 44 + 110 + 200 + 100,
    });
    expect(gridTemplate(sized, { email: 320 })).toEqual({
      template: "minmax(110px, 160fr) 320px minmax(100px, 100fr)",
      minWidth: 110 + 320 + 100,
    });
  });

  it("moves the focused row with the keyboard, within the list", () => {
    expect(nextRowIndex("ArrowDown", 0, 150, 10)).toBe(1);
    expect(nextRowIndex("ArrowDown", 149, 150, 10)).toBe(149);
    expect(nextRowIndex("ArrowUp", 0, 150, 10)).toBe(0);
    expect(nextRowIndex("PageDown", 5, 150, 10)).toBe(15);
    expect(nextRowIndex("PageUp", 5, 150, 10)).toBe(0);
    expect(nextRowIndex("Home", 70, 150, 10)).toBe(0);
    expect(nextRowIndex("End", 3, 150, 10)).toBe(149);
    expect(nextRowIndex("Enter", 3, 150, 10)).toBeNull();
    expect(nextRowIndex("ArrowDown", 0, 0, 10)).toBeNull();
  });

  it("reads a list's sort parameters as the table's sorting state", () => {
    expect(sortingOf(undefined, undefined)).toEqual([]);
    expect(sortingOf("cf:nights", undefined)).toEqual([{ id: "cf:nights", desc: false }]);
    expect(sortingOf("email", "desc")).toEqual([{ id: "email", desc: true }]);
  });
});
