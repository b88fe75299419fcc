import { describe, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import { Coupon } from "../../../api/src/models/Coupon.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
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
 * Every route of ticketing's coupons × every kind of caller (QUALITY.md, tenant isolation), another account's
 * users included. Each call targets a fresh event of account A holding a ticket and a coupon on it, listed for the
 * reader, editor and organizer: reading needs events.read, changing coupons events.update (editors and up);
 * outsiders get 404; refused calls change nothing.
 */

interface Target {
  base: string;
  couponId: string;
  ticketId: string;
}

const ROWS: MatrixRow<[Target], MatrixCall>[] = [
  { name: "GET coupons", expect: READ, call: (t) => ({ method: "GET", path: `${t.base}/coupons` }) },
  {
    name: "POST coupons",
    expect: write(201),
    call: (t) => ({
      method: "POST",
      path: `${t.base}/coupons`,
      body: { code: "STUDENT", percentOffBp: 5000, ticketIds: [t.ticketId] },
    }),
  },
  { name: "GET coupons/{id}", expect: READ, call: (t) => ({ method: "GET", path: `${t.base}/coupons/${t.couponId}` }) },
  {
    name: "POST coupons/{id}",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/coupons/${t.couponId}`, body: { code: "RENAMED" } }),
  },
  {
    name: "DELETE coupons/{id}",
    expect: write(200),
    call: (t) => ({ method: "DELETE", path: `${t.base}/coupons/${t.couponId}` }),
  },
];

describe.each(databaseKinds())("ticketing coupons: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  async function target(event?: Event): Promise<Target> {
    const where = event ?? (await buildListedEvent(suite.cast));
    const { db } = suite.server;
    const ticket = await buildTicket(db, where);
    const coupon = await Coupon.query(db).insertAndFetch({
      accountId: where.accountId,
      eventId: where.id,
      code: "Friends",
      codeKey: "friends",
      amountOffCents: 500,
      percentOffBp: null,
      maxRedemptions: null,
      combinable: false,
      redeemBy: null,
    });
    await db("couponTickets").insert({ couponId: coupon.id, ticketId: ticket.id });
    return { base: eventBase(where), couponId: coupon.id, ticketId: ticket.id };
  }

  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target())),
  );

  it("hides the coupons of an event the caller is not tied to (404, nothing changes)", async () => {
    const t = await target(await buildEvent(suite.server.db, suite.cast.accountA.id));
    await expectUnlistedNotFound(suite.cast, ROWS, t);
  });
});
