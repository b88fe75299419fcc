import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, migrateLatest } from "../../../../db/knex.ts";
import { guestWriterOf } from "./guestWriter.ts";

describe("the writer thread of a SQLite database", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "writer-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is one per database, answers, and ends when the database is closed", async () => {
    const db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, "app.sqlite") });
    await migrateLatest(db);
    const writer = guestWriterOf(db)!;
    expect(guestWriterOf(db)).toBe(writer);
    await writer.checkpoint("complete");
    await db.destroy();
    await expect(writer.checkpoint("passive")).rejects.toThrow(/writer thread/);
  });

  it("is none for a database in memory", () => {
    expect(guestWriterOf(createDb({ databaseUrl: null, sqliteFile: ":memory:" }))).toBeNull();
  });
});
