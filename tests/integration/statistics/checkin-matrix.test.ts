import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
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
  type MatrixCall,
  type MatrixRow,
} from "../../helpers/matrix.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * The check-in statistics routes × every kind of caller (QUALITY.md, tenant isolation). Each call targets a
 * fresh event of account A with a session and a guest checked in, listed for the reader, editor and organizer:
 * anyone who sees the event reads its figures; account B's users get 404, anonymous callers 401; a desk token of
 * the session reaches none of them (401).
 */

interface Target {
  base: string;
  slug: string;
  checkinId: string;
}

const ROWS: MatrixRow<[Target], MatrixCall>[] = [
  {
    name: "GET statistics/checkin",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/statistics/checkin` }),
  },
  {
    name: "GET statistics/checkin?checkinId={id}",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/statistics/checkin?checkinId=${t.checkinId}` }),
  },
  {
    name: "GET /{event}/admin/statistics/getCheckin?id={id} (legacy)",
    expect: READ,
    call: (t) => ({ method: "GET", path: `/${t.slug}/admin/statistics/getCheckin?id=${t.checkinId}` }),
  },
];

describe.each(databaseKinds())("check-in statistics: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  async function target(event?: Event): Promise<Target & { deskToken: string }> {
    const where = event ?? (await buildListedEvent(suite.cast));
    const { db } = suite.server;
    const checkin = await buildCheckin(db, where);
    const guest = await buildGuest(db, where, { status: "confirmed" });
    const overseer = suite.cast.users.overseer.token;
    const scan = await suite.server.http
      .as(overseer)
      .post(`${eventBase(where)}/checkins/${checkin.id}/check`, { scanId: randomUUID(), guestId: guest.id });
    expect(scan.body.result).toBe("ok");
    const { deskToken } = await signedInDesk(suite.server, overseer, where, checkin.id);
    return { base: eventBase(where), slug: where.slug, checkinId: checkin.id, deskToken };
  }

  describeRows(ROWS, async (row, member) => {
    const response = await expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target()));
    if (response.status === 200) expect(response.body.sessions[0]).toMatchObject({ admitted: 1, entries: 1 });
  });

  it("hides the figures of an event the caller is not tied to (404)", async () => {
    await expectUnlistedNotFound(
      suite.cast,
      ROWS,
      await target(await buildEvent(suite.server.db, suite.cast.accountA.id)),
    );
  });

  it("refuses a desk token of the session on every one of them (401)", async () => {
    const t = await target();
    const desk = suite.server.http.as(t.deskToken);
    for (const row of ROWS) {
      const response = await desk.get(row.call(t).path);
      expect(response.status, row.name).toBe(401);
    }
  });
});
