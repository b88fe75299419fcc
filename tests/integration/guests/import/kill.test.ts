import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "../../../../api/src/config.ts";
import { Guest } from "../../../../api/src/models/Guest.ts";
import { GuestImport } from "../../../../api/src/models/GuestImport.ts";
import { databaseKinds } from "../../../helpers/databases.ts";
import { buildEvent } from "../../../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../../../helpers/factories.ts";
import { uploadFile } from "../../../helpers/guestImport.ts";
import { type TestServer, serverProcessEnv } from "../../../helpers/server.ts";
import { useTestServer } from "../../../helpers/suite.ts";

const ROWS = 25_000;

/** Runs the import in a child process and SIGKILLs it once it reports its first written batch. */
function runAndKill(server: TestServer, importId: string): Promise<{ sawProgress: number; signal: string | null }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(ROOT_DIR, "tests/helpers/guestImportChild.ts"), importId],
    {
      cwd: ROOT_DIR,
      env: {
        ...serverProcessEnv(server),
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    let sawProgress = 0;
    child.stdout.on("data", (chunk: Buffer) => {
      const match = /progress (\d+)/.exec(chunk.toString());
      if (match && !sawProgress) {
        sawProgress = Number(match[1]);
        child.kill("SIGKILL");
      }
      if (chunk.toString().includes("done")) reject(new Error("the import finished before it could be killed"));
    });
    child.on("exit", (_code, signal) => resolve({ sawProgress, signal }));
  });
}

describe.each(databaseKinds())("killed guest import on %s", (kind) => {
  const suite = useTestServer(kind);

  // PostgreSQL: all or nothing (one transaction). SQLite: batches committed, and the next run resumes exactly.
  it("a run killed mid-way leaves all or nothing (PostgreSQL) or whole batches (SQLite); the next run writes every row exactly once", async () => {
    const account = await buildAccount(suite.server.db);
    const user = await buildUser(suite.server.db, { accountId: account.id, role: "overseer" });
    const http = suite.server.http.as(await sessionTokenFor(suite.server.db, suite.server.config, user));
    const event = await buildEvent(suite.server.db, account.id);
    const base = `/api/v1/events/${account.id}/${event.id}/imports`;
    const lines = ["firstName,lastName,email"];
    for (let index = 0; index < ROWS; index++) lines.push(`First${index},Last${index},guest${index}@example.com`);
    const upload = await uploadFile(http, base, lines.join("\n"));
    expect(upload.status).toBe(201);
    const id = upload.body.import.id as string;
    expect((await http.post(`${base}/${id}/mapping`, { mapping: upload.body.suggestedMapping })).status).toBe(200);
    // What POST …/process does, minus the queue: the child process is the worker.
    await GuestImport.query(suite.server.db)
      .findById(id)
      .patch({ status: "processing", heartbeatAt: new Date(), startedAt: new Date() });

    const { sawProgress, signal } = await runAndKill(suite.server, id);
    expect(signal).toBe("SIGKILL");
    expect(sawProgress).toBeGreaterThan(0);
    expect(sawProgress).toBeLessThan(ROWS);
    const stuck = await GuestImport.query(suite.server.db).findById(id);
    expect(stuck!.status).toBe("processing");
    const left = await Guest.query(suite.server.db).where({ eventId: event.id }).resultSize();
    if (kind === "postgres") {
      // Nothing of the killed run is visible: its transaction never committed.
      expect(left).toBe(0);
      expect(stuck!.createdRows).toBe(0);
      expect(stuck!.writtenGuests).toBe(0);
    } else {
      // The committed batches are there, and the import knows exactly how many guests they hold.
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThan(ROWS);
      expect(stuck!.writtenGuests).toBe(left);
      expect(stuck!.createdRows).toBe(left);
    }

    // While its heartbeat is fresh the import cannot be started twice …
    expect((await http.post(`${base}/${id}/process`)).status).toBe(409);
    // … once stale (the dead worker stopped beating), processing again writes every row exactly once.
    await GuestImport.query(suite.server.db)
      .findById(id)
      .patch({ heartbeatAt: new Date(Date.now() - 5 * 60_000) });
    expect((await http.post(`${base}/${id}/process`)).status).toBe(202);
    await suite.server.deps.jobs.drain(60_000);
    // Read from the database: on SQLite the in-process job kept the event loop busy long enough for the
    // server to drop the client's idle keep-alive socket.
    const done = await GuestImport.query(suite.server.db).findById(id);
    expect(done).toMatchObject({
      status: "done",
      createdRows: ROWS,
      updatedRows: 0,
      failedRows: 0,
      processedRows: ROWS,
      writtenGuests: ROWS,
    });
    expect(await Guest.query(suite.server.db).where({ eventId: event.id }).resultSize()).toBe(ROWS);
    const distinct = await suite.server
      .db("guests")
      .where({ eventId: event.id })
      .countDistinct({ n: "emailNormalized" })
      .first();
    expect(Number(distinct!.n)).toBe(ROWS);
  }, 120_000);
});
