import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDb, migrateLatest, sqliteWriterTarget, type Db } from "./knex.ts";
import { AppTurns, createTurnsBuffer, WriterTurns } from "./sqliteTurns.ts";

const settledWithin = async (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);

describe("turns between the app's SQLite connection and a writer thread", () => {
  it("the app waits for a writer's turn without blocking, and the writer sees it waiting", async () => {
    const buffer = createTurnsBuffer();
    const app = new AppTurns(buffer);
    const writer = new WriterTurns(buffer);
    writer.take();
    expect(writer.appWaiting()).toBe(false);
    const entered = app.enter();
    expect(await settledWithin(entered, 30)).toBe(false);
    expect(writer.appWaiting()).toBe(true);
    writer.give();
    expect(await settledWithin(entered, 200)).toBe(true);
    app.leave();
    expect(writer.appWaiting()).toBe(false);
  });

  it("a writer that has waited long asks for a turn, and new app writes let it go first", async () => {
    const buffer = createTurnsBuffer();
    const app = new AppTurns(buffer);
    const cells = new Int32Array(buffer);
    await app.enter();
    // The writer thread is represented by its cell: it asks (as WriterTurns.take does after its patience).
    Atomics.store(cells, 2, 1);
    const second = app.enter();
    expect(await settledWithin(second, 30)).toBe(false);
    Atomics.store(cells, 2, 0);
    Atomics.notify(cells, 2);
    expect(await settledWithin(second, 200)).toBe(true);
    app.leave();
    app.leave();
  });
});

describe("an app connection on SQLite with a writer holding the write lock", () => {
  let dir: string;
  let db: Db;
  let writer: Database.Database;
  let turns: WriterTurns;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "turns-"));
    const file = path.join(dir, "app.sqlite");
    db = createDb({ databaseUrl: null, sqliteFile: file });
    await migrateLatest(db);
    await db.raw("create table notes (id integer primary key, body text)");
    // The writer's side, on this thread: its own connection to the file, as the import's thread has.
    writer = new Database(file);
    writer.pragma("busy_timeout = 5000");
    turns = new WriterTurns(sqliteWriterTarget(db)!.turns);
  });

  afterEach(async () => {
    if (writer.inTransaction) writer.exec("rollback");
    writer.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads go through, writes wait for the writer's commit with the event loop free, then land", async () => {
    await db("notes").insert({ id: 1, body: "before" });
    turns.take();
    writer.exec("begin immediate");
    writer.prepare("insert into notes (id, body) values (2, 'by the writer')").run();

    expect(await db("notes").select("body")).toEqual([{ body: "before" }]);
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(Date.now()), 5);
    const write = db("notes").insert({ id: 3, body: "by the app" });
    const landed = write.then(() => true);
    // Without turns the insert would sleep in SQLite's busy handler, on this thread, for its whole timeout.
    expect(await settledWithin(landed, 60)).toBe(false);
    expect(ticks.length).toBeGreaterThan(3);
    expect(turns.appWaiting()).toBe(true);

    writer.exec("commit");
    turns.give();
    expect(await settledWithin(landed, 1_000)).toBe(true);
    clearInterval(timer);
    expect((await db("notes").orderBy("id")).map((note: { body: string }) => note.body)).toEqual([
      "before",
      "by the writer",
      "by the app",
    ]);
  });

  it("a transaction keeps the turn from its BEGIN to its COMMIT: the writer waits for all of it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (trx) => {
      await trx("notes").insert({ id: 10, body: "in a transaction" });
      await held;
      await trx("notes").insert({ id: 11, body: "still in it" });
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(turns.appWaiting()).toBe(true);
    release();
    await transaction;
    expect(turns.appWaiting()).toBe(false);
    turns.take();
    turns.give();
    expect(await db("notes").count({ n: "*" })).toEqual([{ n: 2 }]);
  });
});
