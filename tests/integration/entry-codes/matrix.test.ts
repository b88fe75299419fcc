import { describe, expect, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildGuest } from "../../helpers/guests.ts";
import {
  buildListedEvent,
  describeRows,
  expectMatrixCall,
  expectUnlistedNotFound,
  write,
  type MatrixCall,
  type MatrixRow,
} from "../../helpers/matrix.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * Every entry-code route × every kind of caller (QUALITY.md, tenant isolation). A code lets its holder in,
 * so reading one needs events.update like changing one (editors and up; readers 403); outsiders 404;
 * refused calls change nothing. The portal's own code is tested with the guest's session (entry-codes.test.ts).
 */
interface Target {
  base: string;
  guestId: string;
}
const ROWS: MatrixRow<[Target], MatrixCall>[] = [
  {
    name: "GET entry-code-keys",
    expect: write(200),
    call: (t) => ({ method: "GET", path: `${t.base}/entry-code-keys` }),
  },
  {
    name: "POST entry-code-keys",
    expect: write(201),
    call: (t) => ({ method: "POST", path: `${t.base}/entry-code-keys` }),
  },
  {
    name: "POST entry-code-keys/{number}/retire",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/entry-code-keys/1/retire` }),
  },
  {
    name: "GET users/{id}/entry-code",
    expect: write(200),
    call: (t) => ({ method: "GET", path: `${t.base}/users/${t.guestId}/entry-code` }),
  },
  {
    name: "POST users/{id}/entry-code/revoke",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/users/${t.guestId}/entry-code/revoke` }),
  },
  {
    name: "POST users/{id}/entry-code/reissue",
    expect: write(201),
    call: (t) => ({ method: "POST", path: `${t.base}/users/${t.guestId}/entry-code/reissue` }),
  },
];

describe.each(databaseKinds())("entry codes: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  /** A fresh event with a guest whose code was issued (so key 1 exists and a code is in force). */
  async function target(event?: Event): Promise<Target> {
    const where = event ?? (await buildListedEvent(suite.cast));
    const guest = await buildGuest(suite.server.db, where);
    const base = `/api/v1/events/${suite.cast.accountA.id}/${where.id}`;
    const issued = await suite.cast.client("administrator").get(`${base}/users/${guest.id}/entry-code`);
    expect(issued.status).toBe(200);
    return { base, guestId: guest.id };
  }

  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target())),
  );

  it("hides the codes of an event the caller is not tied to (404, nothing changes)", async () => {
    const t = await target(await buildEvent(suite.server.db, suite.cast.accountA.id));
    await expectUnlistedNotFound(suite.cast, ROWS, t);
  });
});
