import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "../../../api/src/config.ts";
import { Guest } from "../../../api/src/models/Guest.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount, buildUser } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { buildOrder, buildTicket } from "../../helpers/orders.ts";
import { serverProcessEnv, type TestServer } from "../../helpers/server.ts";
import { useTestServer } from "../../helpers/suite.ts";

const run = promisify(execFile);

/** Deletes a guest through the service from a worker-like process (wiring.ts and one service, no routes). */
async function deleteInWorker(server: TestServer, ids: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", path.join(ROOT_DIR, "tests/helpers/workerDeleteGuest.ts"), ...ids],
    {
      cwd: ROOT_DIR,
      env: {
        ...serverProcessEnv(server),
      },
    },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, unknown>;
}

describe.each(databaseKinds())("hooks wired in one composition root, on %s", (kind) => {
  const suite = useTestServer(kind);

  it("refuses to delete a ticket holder from a worker with no route loaded; deletes a guest without a ticket", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const user = await buildUser(db, { accountId: account.id, role: "overseer" });
    const event = await buildEvent(db, account.id);
    const holder = await buildGuest(db, event);
    const ticket = await buildTicket(db, event);
    await buildOrder(db, event, { guestId: holder.id, items: [{ ticket }] });
    const free = await buildGuest(db, event);

    const refused = await deleteInWorker(suite.server, [user.id, account.id, event.id, holder.id]);
    expect(refused).toEqual({ refused: "guest_not_deleted", reason: "guests_with_tickets_not_deleted" });
    expect(await Guest.query(db).findById(holder.id)).toBeDefined();

    expect(await deleteInWorker(suite.server, [user.id, account.id, event.id, free.id])).toEqual({ deleted: true });
    expect(await Guest.query(db).findById(free.id)).toBeUndefined();
  });
});
