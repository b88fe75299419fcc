import { describe, expect, it } from "vitest";
import { GuestImport } from "../../../../api/src/models/GuestImport.ts";
import { IMPORT_STALE_MS } from "../../../../api/src/services/guests/import/process.ts";
import { databaseKinds } from "../../../helpers/databases.ts";
import { buildEvent } from "../../../helpers/events.ts";
import { importingAccount, importsPath, processImport, uploadAndMap } from "../../../helpers/guestImport.ts";
import { useTestServer } from "../../../helpers/suite.ts";

describe.each(databaseKinds())("imports running at once in one account on %s", (kind) => {
  const suite = useTestServer(kind);

  const organizerOfNewAccount = () => importingAccount(suite.server);

  /** A mapped import of a small file in a new event of the account. */
  async function mappedImport(owner: Awaited<ReturnType<typeof organizerOfNewAccount>>) {
    const event = await buildEvent(suite.server.db, owner.account.id);
    const base = importsPath(event);
    const { id } = await uploadAndMap(owner.http, base, "firstName,lastName\nAna,Silva\n");
    return { base, id };
  }

  /** What a worker busy with an import looks like (its heartbeat `ago` ms old). */
  const markRunning = (id: string, ago = 0) =>
    GuestImport.query(suite.server.db)
      .findById(id)
      .patch({ status: "processing", heartbeatAt: new Date(Date.now() - ago), startedAt: new Date() });

  it("refuses a third import while two of the account's run, in the caller's language, and lets other accounts be", async () => {
    const owner = await organizerOfNewAccount();
    const [first, second, third] = [await mappedImport(owner), await mappedImport(owner), await mappedImport(owner)];
    await markRunning(first.id);
    await markRunning(second.id);

    const refused = await owner.http.post(`${third.base}/${third.id}/process`, undefined, { lang: "fr" });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: "import_too_many_running",
      message: "Ce compte a déjà 2 imports en cours : lancez celui-ci quand l'un d'eux sera terminé.",
    });
    expect((await GuestImport.query(suite.server.db).findById(third.id))!.status).toBe("mapped");

    // Another account's import starts.
    const other = await organizerOfNewAccount();
    const elsewhere = await mappedImport(other);
    expect((await other.http.post(`${elsewhere.base}/${elsewhere.id}/process`)).status).toBe(202);

    // A dead worker's import does not count; once one is done, the third starts.
    await markRunning(second.id, IMPORT_STALE_MS + 1_000);
    expect((await processImport(suite.server, owner.http, third.base, third.id)).status).toBe("done");
  });
});
