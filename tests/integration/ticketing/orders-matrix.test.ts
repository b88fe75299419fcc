import { describe, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import type { OrderStatus } from "@tessera/shared";
import { eventBase } from "../../helpers/checkins.ts";
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
import { buildOfflinePayment, buildOrder, buildTicket, writeTicketingParams } from "../../helpers/orders.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * Every route of the organizer's orders × every kind of caller (QUALITY.md, tenant isolation), another account's
 * users included. Each call targets a fresh event of account A with an order in the status the action needs,
 * listed for the reader, editor and organizer: anyone who sees the event reads its orders and exports them;
 * editors and up act on them; readers get 403 and nothing changes; outsiders and members the event is hidden
 * from get 404.
 */

interface Target {
  base: string;
  orderId: string;
  itemId: string;
  guestId: string;
  ticketId: string;
}

const ROWS: MatrixRow<[Target], MatrixCall>[] = [
  { name: "GET orders", expect: READ, call: (t) => ({ method: "GET", path: `${t.base}/orders?status=completed` }) },
  { name: "GET orders/export", expect: READ, call: (t) => ({ method: "GET", path: `${t.base}/orders/export` }) },
  { name: "GET orders/{id}", expect: READ, call: (t) => ({ method: "GET", path: `${t.base}/orders/${t.orderId}` }) },
  {
    name: "GET orders/{id}/billingaddress",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/orders/${t.orderId}/billingaddress` }),
  },
  {
    name: "POST orders",
    expect: write(201),
    call: (t) => ({
      method: "POST",
      path: `${t.base}/orders`,
      body: { guestId: t.guestId, items: [{ ticketId: t.ticketId, quantity: 1 }], paymentMethod: "cash", paid: true },
    }),
  },
  {
    name: "POST orders/{id}",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/orders/${t.orderId}`, body: { name: "Acme SAS" } }),
  },
  {
    name: "POST orders/{id}/refund",
    expect: write(200),
    call: (t) => ({
      method: "POST",
      path: `${t.base}/orders/${t.orderId}/refund`,
      body: { items: [{ itemId: t.itemId }] },
    }),
  },
];

/** Actions on an order awaiting its payment or in cart: a target of their own. */
const UNPAID_ROWS: MatrixRow<[Target], MatrixCall>[] = [
  {
    name: "POST orders/{id}/confirm",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/orders/${t.orderId}/confirm`, body: {} }),
  },
  {
    name: "POST orders/{id}/cancel",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/orders/${t.orderId}/cancel` }),
  },
];

const CART_ROWS: MatrixRow<[Target], MatrixCall>[] = [
  {
    name: "POST orders/{id}/await",
    expect: write(200),
    call: (t) => ({ method: "POST", path: `${t.base}/orders/${t.orderId}/await`, body: { paymentMethod: "desk" } }),
  },
  {
    name: "POST orders/{id}/pay",
    expect: write(200),
    call: (t) => ({
      method: "POST",
      path: `${t.base}/orders/${t.orderId}/pay`,
      body: { method: "transfer", termsAccepted: true, name: "Lou", address: "1 rue", zip: "75001", city: "Paris" },
    }),
  },
];

describe.each(databaseKinds())("ticketing orders: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  async function target(status: OrderStatus, event?: Event): Promise<Target> {
    const where = event ?? (await buildListedEvent(suite.cast));
    const { db } = suite.server;
    await writeTicketingParams(db, where, { terms: "Terms", paymentMethods: ["card", "transfer", "desk"] });
    const buyer = await buildGuest(db, where, { firstName: "Lou" });
    const ticket = await buildTicket(db, where);
    const { order, items } = await buildOrder(db, where, {
      guestId: buyer.id,
      status,
      items: [{ ticket }],
      overrides: status === "in_cart" ? { holdExpiresAt: new Date(Date.now() + 600_000), paymentMethod: null } : {},
    });
    if (status === "completed") await buildOfflinePayment(db, order);
    return { base: eventBase(where), orderId: order.id, itemId: items[0]!.id, guestId: buyer.id, ticketId: ticket.id };
  }

  describeRows(ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target("completed"))),
  );
  describeRows(UNPAID_ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target("awaiting_payment"))),
  );
  describeRows(CART_ROWS, async (row, member) =>
    expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target("in_cart"))),
  );

  it("hides the orders of an event the caller is not tied to (404, nothing changes)", async () => {
    const hidden = () => buildEvent(suite.server.db, suite.cast.accountA.id);
    await expectUnlistedNotFound(suite.cast, ROWS, await target("completed", await hidden()));
    await expectUnlistedNotFound(suite.cast, UNPAID_ROWS, await target("awaiting_payment", await hidden()));
    await expectUnlistedNotFound(suite.cast, CART_ROWS, await target("in_cart", await hidden()));
  });
});
