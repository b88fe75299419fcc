import { describe, expect, it } from "vitest";
import { IMPORT_STALE_MS } from "../../../../api/src/services/guests/import/process.ts";
import { Guest } from "../../../../api/src/models/Guest.ts";
import { GuestImport } from "../../../../api/src/models/GuestImport.ts";
import { createDeps } from "../../../../api/src/wiring.ts";
import { databaseKinds } from "../../../helpers/databases.ts";
import { buildEvent } from "../../../helpers/events.ts";
import { importingAccount, importsPath, processImport, uploadAndMap } from "../../../helpers/guestImport.ts";
import { useTestServer } from "../../../helpers/suite.ts";

const ROWS = 40;

describe.each(databaseKinds())("an import interrupted by a restart on %s", (kind) => {
  const suite = useTestServer(kind);

  /** A mapped import of ROWS guests, then left "processing" as a killed worker leaves it (kill.test.ts). */
  async function interruptedImport(heartbeatAgoMs: number) {
    const { db } = suite.server;
    const { account, http } = await importingAccount(suite.server);
    const event = await buildEvent(db, account.id);
    const base = importsPath(event);
    const lines = ["firstName,lastName,email"];
    for (let index = 0; index < ROWS; index++) lines.push(`Ana${index},Silva${index},ana${index}@example.com`);
    const { id } = await uploadAndMap(http, base, lines.join("\n"));
    const startedAt = new Date(Date.now() - heartbeatAgoMs);
    await GuestImport.query(db).findById(id).patch({ status: "processing", heartbeatAt: startedAt, startedAt });
    return { http, base, id, eventId: event.id };
  }

  /** What `npm start` does after a crash: a new process over the same database starts its workers. */
  async function restart(): Promise<void> {
    const restarted = createDeps(suite.server.config);
    await restarted.start();
    await restarted.stop();
  }

  it("marks the import failed when the process restarts, and processing it again imports every row once", async () => {
    const { http, base, id, eventId } = await interruptedImport(IMPORT_STALE_MS + 1_000);
    await restart();

    const failed = await http.get(`${base}/${id}`);
    expect(failed.status).toBe(200);
    expect(failed.body.import).toMatchObject({ status: "failed", createdRows: 0 });
    expect(await Guest.query(suite.server.db).where({ eventId }).resultSize()).toBe(0);

    // The wizard's "process it again".
    await processImport(suite.server, http, base, id);
    const done = await GuestImport.query(suite.server.db).findById(id);
    expect(done).toMatchObject({ status: "done", createdRows: ROWS, failedRows: 0, processedRows: ROWS });
    expect(done!.finishedAt).not.toBeNull();
    const emails = await suite.server.db("guests").where({ eventId }).pluck("email");
    expect(new Set(emails)).toEqual(new Set(Array.from({ length: ROWS }, (_, index) => `ana${index}@example.com`)));
    expect(emails).toHaveLength(ROWS);
    // Done is done: it cannot run a third time.
    expect((await http.post(`${base}/${id}/process`)).status).toBe(409);
  });

  it("leaves an import whose worker still beats to that worker", async () => {
    const { http, base, id } = await interruptedImport(1_000);
    await restart();
    expect((await http.get(`${base}/${id}`)).body.import.status).toBe("processing");
    expect((await http.post(`${base}/${id}/process`)).status).toBe(409);
  });
});
