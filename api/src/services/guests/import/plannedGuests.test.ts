import { describe, expect, it } from "vitest";
import { readCsv } from "./csvReader.ts";
import type { ImportPlan } from "./importPlan.ts";
import { plannedGuests } from "./plannedGuests.ts";

const CSV = "email,firstName,lastName\nanne@example.com,Anne,A\nbruno@example.com,Bruno,B\nANNE@example.com,,Later\n";

function fileOf(csv: string) {
  const [header, ...rows] = readCsv(csv, ",");
  return {
    headers: header!.cells,
    rows: (async function* () {
      yield* rows;
    })(),
  };
}

const plan = (repeatedEmails: Map<string, number>): ImportPlan => ({
  repeatedEmails,
  namelessBases: new Map(),
  report: null,
  failedRows: 0,
  warningRows: 0,
  warningCells: 0,
  totalRows: 3,
});

async function written(repeated: Map<string, number>) {
  const guests = [];
  const mapping = { "0": "email", "1": "firstName", "2": "lastName" };
  for await (const { guest } of plannedGuests(fileOf(CSV), plan(repeated), mapping, []))
    guests.push([guest.row.line, guest.row.values.email, guest.row.values.firstName, guest.row.values.lastName]);
  return guests;
}

describe("the guests of an import's plan, in the second reading", () => {
  it("writes a repeated email once, at its last row, with its rows folded", async () => {
    expect(await written(new Map([["anne@example.com", 4]]))).toEqual([
      [3, "bruno@example.com", "Bruno", "B"],
      [2, "anne@example.com", "Anne", "Later"],
    ]);
  });

  it("writes an email the filter wrongly took for repeated at its only row", async () => {
    expect(
      await written(
        new Map([
          ["anne@example.com", 4],
          ["bruno@example.com", 3],
        ]),
      ),
    ).toEqual([
      [3, "bruno@example.com", "Bruno", "B"],
      [2, "anne@example.com", "Anne", "Later"],
    ]);
  });
});
