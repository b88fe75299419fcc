import { describe, expect, it } from "vitest";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildGuest, guestRow } from "../../helpers/guests.ts";
import { useTestServer } from "../../helpers/suite.ts";

describe.each(databaseKinds())("guests' event and account keys on %s", (kind) => {
  const suite = useTestServer(kind);

  it.skipIf(kind === "sqlite")("refuses a guest whose account is not its event's account", async () => {
    const accountA = await buildAccount(suite.server.db);
    const accountB = await buildAccount(suite.server.db);
    const eventOfB = await buildEvent(suite.server.db, accountB.id);
    const row = guestRow({ id: eventOfB.id, accountId: accountA.id });
    await expect(suite.server.db("guests").insert(row)).rejects.toThrow(/guests_event_id_account_id_foreign/);
    expect(Number((await suite.server.db("guests").where({ eventId: eventOfB.id }).count({ n: "*" }).first())?.n)).toBe(
      0,
    );
  });

  it("removes an account's guests with the account", async () => {
    const account = await buildAccount(suite.server.db);
    const event = await buildEvent(suite.server.db, account.id);
    const guest = await buildGuest(suite.server.db, event);
    await suite.server.db("accounts").where({ id: account.id }).delete();
    expect(await suite.server.db("guests").where({ id: guest.id }).first()).toBeUndefined();
  });
});
