import { describe, expect, it } from "vitest";
import { orderByText } from "../../../api/src/db/dialect.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent, buildTeam } from "../../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { useTestServer } from "../../helpers/suite.ts";

/** Names in the order people read them: accents and case aside, œ as "oe". */
const READ_ORDER = ["Abel", "Álvarez", "Bœuf", "Brown", "Díaz", "Durand", "Émile", "Wright"];
/** The same names, written so that a byte order (or lower()) puts several in the wrong place. */
const STORED_ORDER = ["Wright", "Durand", "Brown", "Álvarez", "Díaz", "Émile", "Bœuf", "Abel"];

describe.each(databaseKinds())("lists sort names as people read them on %s", (kind) => {
  const suite = useTestServer(kind);

  async function overseerOfNewAccount() {
    const account = await buildAccount(suite.server.db);
    const overseer = await buildUser(suite.server.db, { accountId: account.id, role: "overseer", lastName: "Aaron" });
    const http = suite.server.http.as(await sessionTokenFor(suite.server.db, suite.server.config, overseer));
    return { account, http };
  }

  it("guests by last name, both ways, and by first name", async () => {
    const { account, http } = await overseerOfNewAccount();
    const event = await buildEvent(suite.server.db, account.id);
    for (const name of STORED_ORDER) await buildGuest(suite.server.db, event, { firstName: name, lastName: name });
    const base = `/api/v1/events/${account.id}/${event.id}/users`;
    const lastNames = async (query: string) =>
      ((await http.get(`${base}${query}`)).body.data as Array<{ lastName: string }>).map((guest) => guest.lastName);
    expect(await lastNames("")).toEqual(READ_ORDER);
    expect(await lastNames("?sort=lastName&order=desc")).toEqual([...READ_ORDER].reverse());
    expect(await lastNames("?sort=firstName")).toEqual(READ_ORDER);
    // A page boundary falls in the same place as the order.
    expect(await lastNames("?perPage=3&page=2")).toEqual(READ_ORDER.slice(3, 6));
  });

  it("events, users, teams and accounts by name", async () => {
    const { account, http } = await overseerOfNewAccount();
    for (const name of STORED_ORDER) {
      await buildEvent(suite.server.db, account.id, { name });
      await buildUser(suite.server.db, { accountId: account.id, role: "editor", lastName: name, firstName: "X" });
      await suite.server
        .db("teams")
        .where({ id: (await buildTeam(suite.server.db, account.id)).id })
        .update({ name });
      await buildAccount(suite.server.db, { name: `${name} Ltd` });
    }
    const events = await http.get(`/api/v1/accounts/${account.id}/events?sort=name&perPage=50`);
    expect(events.body.data.map((event: { name: string }) => event.name)).toEqual(READ_ORDER);
    const users = await http.get(`/api/v1/accounts/${account.id}/administrators?perPage=50`);
    expect(users.body.data.map((user: { lastName: string }) => user.lastName)).toEqual(["Aaron", ...READ_ORDER]);
    const teams = await http.get(`/api/v1/accounts/${account.id}/teams?perPage=50`);
    expect(teams.body.data.map((team: { name: string }) => team.name)).toEqual(READ_ORDER);

    const admin = await buildUser(suite.server.db, { accountId: null, role: "administrator" });
    const platform = suite.server.http.as(await sessionTokenFor(suite.server.db, suite.server.config, admin));
    const accounts = await platform.get(`/api/v1/accounts?perPage=100&search=${encodeURIComponent(" Ltd")}`);
    const names = (accounts.body.data as Array<{ name: string }>)
      .map((row) => row.name)
      .filter((name) => name.endsWith(" Ltd"));
    expect(names).toEqual(READ_ORDER.map((name) => `${name} Ltd`));
  });

  it.runIf(kind === "sqlite")(
    "reads the default order straight from the index on SQLite (no sort calling the key per row)",
    async () => {
      const db = suite.server.db;
      const query = db("guests").where("guests.eventId", "x").select("guests.id").limit(50).offset(100);
      orderByText(db, query, ["guests.lastName", "guests.firstName"]).orderBy("guests.id", "asc");
      const { sql, bindings } = query.toSQL().toNative();
      const plan = (await db.raw(`explain query plan ${sql}`, bindings as never[])) as Array<{ detail: string }>;
      expect(plan.map((step) => step.detail).join("\n")).toContain("guests_event_id_name_sort");
      expect(plan.map((step) => step.detail).join("\n")).not.toContain("TEMP B-TREE");
    },
  );
});
