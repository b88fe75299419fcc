import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCAL_MIGRATIONS, MigrationHistoryError, migrationChecksum, openLocalDb } from "./localDb.ts";

const freshFile = () => path.join(mkdtempSync(path.join(tmpdir(), "desk-db-")), "desk.sqlite");

describe("the desk's local database", () => {
  it("opens in WAL mode with every migration recorded by name and checksum, once", () => {
    const file = freshFile();
    const db = openLocalDb(file);
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    const recorded = () => db.prepare("SELECT name, checksum FROM local_migrations ORDER BY position").all();
    expect(recorded()).toEqual(
      LOCAL_MIGRATIONS.map((migration) => ({ name: migration.name, checksum: migrationChecksum(migration.sql) })),
    );
    db.close();
    const again = openLocalDb(file);
    expect(again.prepare("SELECT count(*) AS n FROM local_migrations").get()).toEqual({ n: LOCAL_MIGRATIONS.length });
    again.close();
  });

  it("applies a migration appended later, and keeps the earlier ones", () => {
    const file = freshFile();
    openLocalDb(file).close();
    const appended = [...LOCAL_MIGRATIONS, { name: "999_extra", sql: "CREATE TABLE extra (id INTEGER)" }];
    const db = openLocalDb(file, appended);
    expect(db.prepare("SELECT name FROM local_migrations ORDER BY position").pluck().all()).toEqual(
      appended.map((migration) => migration.name),
    );
    db.close();
  });

  it("refuses a database whose history holds a migration this code does not know", () => {
    const file = freshFile();
    openLocalDb(file, [
      ...LOCAL_MIGRATIONS,
      { name: "002_from_a_newer_app", sql: "CREATE TABLE newer (id INTEGER)" },
    ]).close();
    expect(() => openLocalDb(file)).toThrow(MigrationHistoryError);
    expect(() => openLocalDb(file)).toThrow('its migration "002_from_a_newer_app" is unknown here');
  });

  it("refuses a database whose recorded migration has another checksum (its SQL was edited)", () => {
    const file = freshFile();
    openLocalDb(file).close();
    const edited = LOCAL_MIGRATIONS.map((migration, index) =>
      index === 0 ? { ...migration, sql: `${migration.sql}\nCREATE TABLE sneaked (id INTEGER);` } : migration,
    );
    expect(() => openLocalDb(file, edited)).toThrow(/differs from this app's \(checksum mismatch\)/);
    // Refused without touching it: the app that wrote it still opens it.
    openLocalDb(file).close();
  });
});
