import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import { expectNoChange } from "../../helpers/actors.ts";
import { buildCheckin, eventBase, signedInDesk } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildGuest } from "../../helpers/guests.ts";
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
import { useCastServer } from "../../helpers/suite.ts";

/**
 * Every check-in route × every kind of caller (QUALITY.md, tenant isolation). Each call targets a fresh event
 * of account A with a session, a guest it lets in and an access code, listed for the reader, editor and
 * organizer: reading and scanning need events.read, changing sessions and codes events.update (editors and up);
 * outsiders get 404; refused calls change nothing. A desk token of the session gets 401 on every one of them.
 */

interface Target {
  base: string;
  checkinId: string;
  guestId: string;
  codeId: string;
}

const ROWS: MatrixRow<[Target], MatrixCall>[] = [
  { name: "GET checkins", expect: READ, call: (t) => ({ method: "GET", path: `${t.base}/checkins` }) },
  {
    name: "POST checkins",
    expect: write(201),
    call: (t) => ({ method: "POST", path: `${t.base}/checkins`, body: { name: "Side door", type: "online" } }),
  },
  {
    name: "GET checkins/{id}",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/checkins/${t.checkinId}` }),
  },
  {
    name: "POST checkins/{id}",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/checkins/${t.checkinId}`, body: { name: "Renamed" } }),
  },
  {
    name: "DELETE checkins/{id}",
    expect: write(200),
    call: (t) => ({ method: "DELETE", path: `${t.base}/checkins/${t.checkinId}` }),
  },
  {
    name: "GET checkins/{id}/stats",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/checkins/${t.checkinId}/stats` }),
  },
  {
    name: "POST checkins/{id}/check",
    expect: READ,
    call: (t) => ({
      method: "POST",
      path: `${t.base}/checkins/${t.checkinId}/check`,
      body: { scanId: randomUUID(), guestId: t.guestId },
    }),
  },
  {
    name: "POST checkins/{id}/checks",
    expect: READ,
    call: (t) => ({
      method: "POST",
      path: `${t.base}/checkins/${t.checkinId}/checks`,
      body: { scans: [{ scanId: randomUUID(), guestId: t.guestId }] },
    }),
  },
  {
    name: "GET checkincodes/last",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/checkincodes/last?checkinId=${t.checkinId}` }),
  },
  {
    name: "POST checkincodes",
    expect: write(201),
    call: (t) => ({ method: "POST", path: `${t.base}/checkincodes`, body: { checkinId: t.checkinId } }),
  },
  {
    name: "DELETE checkincodes/{id}",
    expect: write(200),
    call: (t) => ({ method: "DELETE", path: `${t.base}/checkincodes/${t.codeId}` }),
  },
  {
    name: "GET checkincodes/sessions",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/checkincodes/sessions?checkinId=${t.checkinId}` }),
  },
];

describe.each(databaseKinds())("check-in: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  async function target(event?: Event): Promise<Target & { event: Event; deskToken: string }> {
    const where = event ?? (await buildListedEvent(suite.cast));
    const checkin = await buildCheckin(suite.server.db, where);
    const guest = await buildGuest(suite.server.db, where, { status: "confirmed" });
    const { deskToken, codeId } = await signedInDesk(suite.server, suite.cast.users.overseer.token, where, checkin.id);
    return { base: eventBase(where), checkinId: checkin.id, guestId: guest.id, codeId, event: where, deskToken };
  }

  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target())),
  );

  it("hides the sessions of an event the caller is not tied to (404, nothing changes)", async () => {
    const t = await target(await buildEvent(suite.server.db, suite.cast.accountA.id));
    await expectUnlistedNotFound(suite.cast, ROWS, t);
  });

  it("refuses a desk token of the session on every route of the organizer API (401, nothing changes)", async () => {
    const t = await target();
    const desk = suite.server.http.as(t.deskToken);
    for (const row of ROWS) {
      const call = row.call(t);
      const response = await expectNoChange(suite.server.db, () =>
        desk.request(call.method, call.path, { body: call.body }),
      );
      expect(response.status, row.name).toBe(401);
    }
  });
});
