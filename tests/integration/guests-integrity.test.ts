import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount } from "../helpers/factories.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { buildGuest, guestRow } from "../helpers/guests.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

describe.each(databaseKinds())("guests' event and account keys on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(() => server.close());

  it.skipIf(kind === "sqlite")("refuses a guest whose account is not its event's account", async () => {
    const accountA = await buildAccount(server.db);
    const accountB = await buildAccount(server.db);
    const eventOfB = await buildEvent(server.db, accountB.id);
    const row = guestRow({ id: eventOfB.id, accountId: accountA.id });
    await expect(server.db("guests").insert(row)).rejects.toThrow(/guests_event_id_account_id_foreign/);
    expect(Number((await server.db("guests").where({ eventId: eventOfB.id }).count({ n: "*" }).first())?.n)).toBe(0);
  });

  it("removes an account's guests with the account", async () => {
    const account = await buildAccount(server.db);
    const event = await buildEvent(server.db, account.id);
    const guest = await buildGuest(server.db, event);
    await server.db("accounts").where({ id: account.id }).delete();
    expect(await server.db("guests").where({ id: guest.id }).first()).toBeUndefined();
  });
});
