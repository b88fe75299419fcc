import { describe, expect, it } from "vitest";
import type { Db } from "../../../../api/src/db/knex.ts";
import { BULK_WRITE_ROWS } from "../../../../api/src/services/guests/import/tidyAfterImport.ts";
import { buildEvent } from "../../../helpers/events.ts";
import { importingAccount, importsPath, runImport } from "../../../helpers/guestImport.ts";
import { useTestServer } from "../../../helpers/suite.ts";

/** What the planner knows of the guests table: rows it estimates, pages all-visible (index-only counts). */
async function guestsTableStatistics(db: Db) {
  const result = await db.raw("select reltuples, relallvisible, relpages from pg_class where relname = 'guests'");
  const row = result.rows[0] as { reltuples: number; relallvisible: number; relpages: number };
  return {
    estimatedRows: Number(row.reltuples),
    allVisiblePages: Number(row.relallvisible),
    pages: Number(row.relpages),
  };
}

describe.skipIf(!process.env.DATABASE_URL)("the guests table after an import on postgres", () => {
  const suite = useTestServer("postgres");

  it("runs its queries without JIT compilation", async () => {
    expect((await suite.server.db.raw("show jit")).rows).toEqual([{ jit: "off" }]);
  });

  it("has fresh statistics and a visibility map at once, without waiting for autovacuum", async () => {
    const { db } = suite.server;
    const { account, http } = await importingAccount(suite.server);
    const event = await buildEvent(db, account.id);
    const rows = BULK_WRITE_ROWS * 2;
    const lines = ["firstName,lastName,email"];
    for (let index = 0; index < rows; index++) lines.push(`Inès${index},Moreau${index},ines${index}@example.com`);
    const { final } = await runImport(suite.server, http, importsPath(event), lines.join("\n"));
    expect(final).toMatchObject({ status: "done", createdRows: rows });

    const statistics = await guestsTableStatistics(db);
    // A table never analysed says -1; autovacuum wakes up once a minute at best.
    expect(statistics.estimatedRows).toBeGreaterThanOrEqual(rows);
    expect(statistics.pages).toBeGreaterThan(0);
    expect(statistics.allVisiblePages).toBe(statistics.pages);
  });
});
