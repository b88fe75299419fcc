import { afterEach, describe, expect, it, vi } from "vitest";
import { GuestImport } from "../../../../api/src/models/GuestImport.ts";
import { EventLoopBreaks } from "../../../../api/src/services/eventLoopBreaks.ts";
import { processGuestImport } from "../../../../api/src/services/guests/import/process.ts";
import { databaseKinds } from "../../../helpers/databases.ts";
import { buildEvent } from "../../../helpers/events.ts";
import { importingAccount, importsPath, uploadAndMap } from "../../../helpers/guestImport.ts";
import { useTestServer } from "../../../helpers/suite.ts";

/*
 * Issue 9, item 8: a big import never holds the server. Checking its rows gives the event loop back between
 * slices of work, and a registration arriving while the guests are written lands before the import ends: on
 * SQLite (one writer) because the import commits in batches, on PostgreSQL because its one transaction
 * blocks no other writer.
 */
const ROWS = 30_000;

function bigFile(): string {
  const lines = ["firstName,lastName,email,company,jobTitle"];
  for (let index = 0; index < ROWS; index++)
    lines.push(`First${index},Last${index},guest${index}@example.com,Company ${index % 50},Engineer`);
  return lines.join("\n");
}

describe.each(databaseKinds())("a big guest import and other requests on %s", (kind) => {
  const suite = useTestServer(kind);
  afterEach(() => vi.restoreAllMocks());

  it("checking every row takes breaks for the event loop", async () => {
    const { account, http } = await importingAccount(suite.server);
    const event = await buildEvent(suite.server.db, account.id);
    const breaks = vi.spyOn(EventLoopBreaks.prototype, "take");
    await uploadAndMap(http, importsPath(event), bigFile());
    expect(breaks).toHaveBeenCalled();
  }, 60_000);

  it("a guest registered while an import writes its guests is written before the import ends", async () => {
    const { account, http } = await importingAccount(suite.server);
    const event = await buildEvent(suite.server.db, account.id);
    const { id } = await uploadAndMap(http, importsPath(event), bigFile());
    await GuestImport.query(suite.server.db)
      .findById(id)
      .patch({ status: "processing", heartbeatAt: new Date(), startedAt: new Date() });
    const order: string[] = [];
    let registration: Promise<unknown> | null = null;
    const register = () =>
      http
        .post(`/api/v1/events/${account.id}/${event.id}/users`, { firstName: "Late", lastName: "Comer" })
        .then((response) => {
          expect(response.status).toBe(201);
          order.push("registered");
        });
    // Once the import has written guests (and has more to write), a registration arrives.
    await processGuestImport(suite.server.deps, id, {
      onProgress: (processed) => {
        if (!registration && processed < ROWS) registration = register();
      },
    }).then(() => order.push("imported"));
    await registration;
    expect(registration).not.toBeNull();
    expect(order).toEqual(["registered", "imported"]);
    expect(await GuestImport.query(suite.server.db).findById(id)).toMatchObject({ status: "done", createdRows: ROWS });
  }, 60_000);
});
