import { describe, expect, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import { Organizer } from "../../../api/src/models/Organizer.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildForm } from "../../helpers/forms.ts";
import {
  buildListedEvent,
  describeRows,
  expectMatrixCall,
  expectUnlistedNotFound,
  READ,
  write,
  type MatrixCall,
  type MatrixRow,
} from "../../helpers/matrix.ts";
import { buildTicket } from "../../helpers/orders.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * Every billing and ticketing-parameter route × every kind of caller (QUALITY.md, tenant isolation). Each call
 * targets a fresh event of account A, with an organizer of the account, a ticket on sale and an online
 * registration form (so that starting sales succeeds for those allowed), listed for the reader, editor and
 * organizer: reading needs events.read, writing events.update (editors and up); another account's users get
 * 404, anonymous callers 401; refused calls change nothing.
 */

interface Target {
  base: string;
  organizerId: string;
}

const ROWS: MatrixRow<[Target], MatrixCall>[] = [
  { name: "GET organizers", expect: READ, call: (t) => ({ method: "GET", path: `${t.base}/organizers` }) },
  {
    name: "POST organizers (create)",
    expect: write(200),
    call: (t) => ({
      method: "POST",
      path: `${t.base}/organizers`,
      body: { corporateName: "Another SAS", siret: "44306184100047", vatStatus: "subject" },
    }),
  },
  {
    name: "POST organizers (change)",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/organizers`, body: { id: t.organizerId, city: "Lyon" } }),
  },
  { name: "GET ticketingparams", expect: READ, call: (t) => ({ method: "GET", path: `${t.base}/ticketingparams` }) },
  {
    name: "POST ticketingparams (start sales)",
    expect: write(200),
    call: (t) => ({
      method: "POST",
      path: `${t.base}/ticketingparams`,
      body: { ticketOffice: "opened", mode: "live", organizerId: t.organizerId },
    }),
  },
];

describe.each(databaseKinds())("ticketing billing: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  async function target(event?: Event): Promise<Target> {
    const { db } = suite.server;
    const where = event ?? (await buildListedEvent(suite.cast));
    const organizer = await Organizer.query(db).insertAndFetch({
      accountId: where.accountId,
      corporateName: "Tessera Events SAS",
      siret: "73282932000074",
      vatStatus: "subject",
    });
    await buildTicket(db, where);
    await buildForm(db, where, { items: [] });
    return { base: eventBase(where), organizerId: organizer.id };
  }

  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target())),
  );

  it("hides billing and parameters of an event the caller is not tied to (404, nothing changes)", async () => {
    const t = await target(await buildEvent(suite.server.db, suite.cast.accountA.id));
    await expectUnlistedNotFound(suite.cast, ROWS, t);
  });

  it("lists only the account's own organizers: another account's event shows none of A's", async () => {
    await target();
    const outsider = suite.cast.users.outsiderOverseer;
    const theirEvent = await buildEvent(suite.server.db, suite.cast.accountB.id);
    const listed = await outsider.http.get(`${eventBase(theirEvent)}/organizers`);
    expect(listed.status).toBe(200);
    const ids = (listed.body.data as { id: string }[]).map((organizer) => organizer.id);
    const ofA = await suite.server.db("organizers").where({ accountId: suite.cast.accountA.id }).pluck("id");
    expect(ofA.length).toBeGreaterThan(0);
    expect(ids.filter((id) => ofA.includes(id))).toEqual([]);
  });
});
