import { beforeAll, describe, expect, it } from "vitest";
import type { Event } from "../../../../api/src/models/Event.ts";
import { Guest } from "../../../../api/src/models/Guest.ts";
import { GuestImport } from "../../../../api/src/models/GuestImport.ts";
import { processGuestImport } from "../../../../api/src/services/guests/import/process.ts";
import { IMPORT_BATCH_GUESTS } from "../../../../api/src/services/guests/import/sqliteWriter/writeInBatches.ts";
import { databaseKinds } from "../../../helpers/databases.ts";
import { buildEvent } from "../../../helpers/events.ts";
import { buildGuest } from "../../../helpers/guests.ts";
import { importingAccount, importsPath, processImport, uploadAndMap } from "../../../helpers/guestImport.ts";
import type { HttpClient } from "../../../helpers/http.ts";
import { useTestServer } from "../../../helpers/suite.ts";

/*
 * Issue 9, item 8: an import that stops midway (here: its run throws after its first progress report) and
 * is processed again ends exactly as the same import run once: every guest written once, rows of one email
 * folded across batches, rows without an email matched as the first run would, the same counts. On SQLite
 * the first batch was committed and the second run resumes after it; on PostgreSQL nothing was written.
 */
const GUESTS = IMPORT_BATCH_GUESTS * 2 + 200;

function file(): string {
  const lines = ["firstName,lastName,email,company"];
  for (let index = 0; index < GUESTS; index++) {
    if (index === 3) lines.push("Keep,Updated,KEEP@example.com,New company");
    else if (index === 10) lines.push("Dup,First,Dup@Example.com,First company");
    else if (index === GUESTS - 100) lines.push("Dup,Later,dup@example.com,Later company");
    else if (index === 20 || index === GUESTS - 50) lines.push(`Bob,Stone,,Row ${index}`);
    else if (index === 30) lines.push("Ana,Lopez,,Acme");
    else if (index === GUESTS - 20) lines.push("Bad,Email,not-an-email,");
    else lines.push(`First${index},Last${index},guest${index}@example.com,`);
  }
  return lines.join("\n");
}

describe.each(databaseKinds())("an interrupted guest import processed again on %s", (kind) => {
  const suite = useTestServer(kind);
  let http: HttpClient;
  let accountId: string;

  beforeAll(async () => {
    const { account, http: client } = await importingAccount(suite.server);
    accountId = account.id;
    http = client;
  });

  async function eventWithGuests(): Promise<Event> {
    const event = await buildEvent(suite.server.db, accountId);
    await buildGuest(suite.server.db, event, { firstName: "Keep", lastName: "Old", email: "keep@example.com" });
    await buildGuest(suite.server.db, event, { firstName: "Ana", lastName: "Lopez", email: null, company: "Acme" });
    return event;
  }

  /** The event's guests without what differs between two events (ids, times), sorted the same way. */
  async function guestsOf(event: Event): Promise<string[]> {
    const guests = await Guest.query(suite.server.db).where({ eventId: event.id });
    return guests.map((g) => JSON.stringify([g.email, g.firstName, g.lastName, g.company, g.createdSource])).sort();
  }

  const counts = (guestImport: Record<string, unknown>) => ({
    status: guestImport.status,
    createdRows: guestImport.createdRows,
    updatedRows: guestImport.updatedRows,
    failedRows: guestImport.failedRows,
    processedRows: guestImport.processedRows,
    writtenGuests: guestImport.writtenGuests,
  });

  it("ends exactly as the same import run once", async () => {
    const once = await eventWithGuests();
    const { id: onceId } = await uploadAndMap(http, importsPath(once), file());
    const ranOnce = await processImport(suite.server, http, importsPath(once), onceId);

    const twice = await eventWithGuests();
    const base = importsPath(twice);
    const { id } = await uploadAndMap(http, base, file());
    await GuestImport.query(suite.server.db)
      .findById(id)
      .patch({ status: "processing", heartbeatAt: new Date(), startedAt: new Date() });
    const stop = () => {
      throw new Error("stopped midway");
    };
    await expect(processGuestImport(suite.server.deps, id, { onProgress: stop })).rejects.toThrow("stopped midway");
    const stopped = await GuestImport.query(suite.server.db).findById(id);
    const created = (await guestsOf(twice)).length - 2;
    // The first batch holds the two updated guests (Keep, Ana): SQLite committed it (and the batch the run
    // had handed to the writer thread ahead), PostgreSQL nothing.
    if (kind === "postgres") expect(stopped).toMatchObject({ writtenGuests: 0, createdRows: 0, updatedRows: 0 });
    else {
      expect([IMPORT_BATCH_GUESTS, 2 * IMPORT_BATCH_GUESTS]).toContain(stopped!.writtenGuests);
      expect(stopped).toMatchObject({ createdRows: stopped!.writtenGuests - 2, updatedRows: 2 });
    }
    expect(created).toBe(stopped!.createdRows);
    // What the job does with a run that threw; the organizer then processes it again.
    await GuestImport.query(suite.server.db).findById(id).patch({ status: "failed" });
    const resumed = await processImport(suite.server, http, base, id);

    expect(counts(resumed)).toEqual(counts(ranOnce));
    expect(ranOnce).toMatchObject({ status: "done", createdRows: GUESTS - 4, updatedRows: 2, failedRows: 1 });
    expect(await guestsOf(twice)).toEqual(await guestsOf(once));
    const guests = await guestsOf(twice);
    expect(guests.filter((guest) => guest.includes('"Bob","Stone"'))).toHaveLength(2);
    expect(guests).toContain(JSON.stringify(["Dup@Example.com", "Dup", "Later", "Later company", "import"]));
    expect(guests).toContain(JSON.stringify(["keep@example.com", "Keep", "Updated", "New company", "manual"]));
  }, 60_000);
});
