import { describe, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import { Discount } from "../../../api/src/models/Discount.ts";
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
 * Every route of ticketing's automatic discounts × every kind of caller (QUALITY.md, tenant isolation), another
 * account's users included. Each call targets a fresh event of account A holding a ticket and a discount on it,
 * listed for the reader, editor and organizer: reading needs events.read, changing discounts events.update (editors
 * and up); outsiders get 404; refused calls change nothing.
 */

interface Target {
  base: string;
  discountId: string;
  ticketId: string;
}

const ROWS: MatrixRow<[Target], MatrixCall>[] = [
  { name: "GET discounts", expect: READ, call: (t) => ({ method: "GET", path: `${t.base}/discounts` }) },
  {
    name: "POST discounts",
    expect: write(201),
    call: (t) => ({
      method: "POST",
      path: `${t.base}/discounts`,
      body: { name: "Students", percentOffBp: 5000, ticketIds: [t.ticketId] },
    }),
  },
  {
    name: "GET discounts/{id}",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/discounts/${t.discountId}` }),
  },
  {
    name: "POST discounts/{id}",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/discounts/${t.discountId}`, body: { name: "Renamed" } }),
  },
  {
    name: "DELETE discounts/{id}",
    expect: write(200),
    call: (t) => ({ method: "DELETE", path: `${t.base}/discounts/${t.discountId}` }),
  },
];

describe.each(databaseKinds())("ticketing automatic discounts: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  async function target(event?: Event): Promise<Target> {
    const where = event ?? (await buildListedEvent(suite.cast));
    const { db } = suite.server;
    const ticket = await buildTicket(db, where);
    const discount = await Discount.query(db).insertAndFetch({
      accountId: where.accountId,
      eventId: where.id,
      name: "Group of 5",
      amountOffCents: 500,
      percentOffBp: null,
      minQuantity: 5,
      validFrom: null,
      validUntil: null,
      maxUses: null,
      isActive: true,
      combinableWithCoupons: false,
      position: 0,
    });
    await db("discountTickets").insert({ discountId: discount.id, ticketId: ticket.id });
    return { base: eventBase(where), discountId: discount.id, ticketId: ticket.id };
  }

  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target())),
  );

  it("hides the discounts of an event the caller is not tied to (404, nothing changes)", async () => {
    const t = await target(await buildEvent(suite.server.db, suite.cast.accountA.id));
    await expectUnlistedNotFound(suite.cast, ROWS, t);
  });
});
