import { describe, expect, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import { Guest } from "../../../api/src/models/Guest.ts";
import { Order } from "../../../api/src/models/Order.ts";
import { OrderItem } from "../../../api/src/models/OrderItem.ts";
import { expectNoChange } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildListedEvent } from "../../helpers/matrix.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { buildOrder, buildTicket } from "../../helpers/orders.ts";
import { useCastServer } from "../../helpers/suite.ts";

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 9, 0, 0));

/** A guest's tickets and orders, ticketing's deletion guard on guests and its merge step. */
describe.each(databaseKinds())("guest tickets and orders on %s", (kind) => {
  const suite = useCastServer(kind);

  const event = (): Promise<Event> => buildListedEvent(suite.cast);
  const base = (e: Event) => `/api/v1/events/${suite.cast.accountA.id}/${e.id}`;

  it("lists the tickets a guest holds: live orders only, net of refunds, whoever bought them", async () => {
    const e = await event();
    const buyer = await buildGuest(suite.server.db, e, { firstName: "Bea", lastName: "Buyer" });
    const holder = await buildGuest(suite.server.db, e, { firstName: "Hal", lastName: "Holder" });
    const pass = await buildTicket(suite.server.db, e, { caption: "Full pass", taxPercent: 20 });
    const dinner = await buildTicket(suite.server.db, e, { caption: "Gala dinner", taxPercent: 10, isOption: true });
    const free = await buildTicket(suite.server.db, e, { caption: "Workshop", taxPercent: null });
    const completed = await buildOrder(suite.server.db, e, {
      guestId: buyer.id,
      orderedAt: day(3),
      items: [
        { ticket: pass, holderId: holder.id, unitPriceInclTaxCents: 12_000 },
        { ticket: dinner, holderId: holder.id, quantity: 3, refundedQuantity: 1, unitPriceInclTaxCents: 5_500 },
        { ticket: pass, holderId: buyer.id },
      ],
    });
    const awaiting = await buildOrder(suite.server.db, e, {
      guestId: holder.id,
      status: "awaiting_payment",
      orderedAt: day(5),
      items: [{ ticket: free, unitPriceInclTaxCents: 0 }],
    });
    const partly = await buildOrder(suite.server.db, e, {
      guestId: holder.id,
      status: "partially_refunded",
      orderedAt: day(1),
      items: [
        { ticket: pass, refundedQuantity: 1 }, // fully refunded line: gone
        { ticket: dinner, quantity: 2, refundedQuantity: 1, unitPriceInclTaxCents: 5_500 },
      ],
    });
    for (const status of ["refunded", "cancelled", "in_cart"] as const) {
      await buildOrder(suite.server.db, e, { guestId: holder.id, status, items: [{ ticket: pass }] });
    }

    const response = await suite.cast.client("reader").get(`${base(e)}/users/${holder.id}/tickets`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toEqual([
      {
        itemId: awaiting.items[0]!.id,
        ticketId: free.id,
        caption: "Workshop",
        quantity: 1,
        unitPriceInclTaxCents: 0,
        unitPriceExclTaxCents: 0,
        taxPercent: null,
        currency: "EUR",
        order: {
          id: awaiting.order.id,
          status: "awaiting_payment",
          orderedAt: day(5).toISOString(),
          buyerGuestId: holder.id,
        },
      },
      {
        itemId: completed.items[0]!.id,
        ticketId: pass.id,
        caption: "Full pass",
        quantity: 1,
        unitPriceInclTaxCents: 12_000,
        unitPriceExclTaxCents: 10_000,
        taxPercent: 20,
        currency: "EUR",
        order: { id: completed.order.id, status: "completed", orderedAt: day(3).toISOString(), buyerGuestId: buyer.id },
      },
      {
        itemId: completed.items[1]!.id,
        ticketId: dinner.id,
        caption: "Gala dinner",
        quantity: 2,
        unitPriceInclTaxCents: 5_500,
        unitPriceExclTaxCents: 5_000,
        taxPercent: 10,
        currency: "EUR",
        order: { id: completed.order.id, status: "completed", orderedAt: day(3).toISOString(), buyerGuestId: buyer.id },
      },
      {
        itemId: partly.items[1]!.id,
        ticketId: dinner.id,
        caption: "Gala dinner",
        quantity: 1,
        unitPriceInclTaxCents: 5_500,
        unitPriceExclTaxCents: 5_000,
        taxPercent: 10,
        currency: "EUR",
        order: {
          id: partly.order.id,
          status: "partially_refunded",
          orderedAt: day(1).toISOString(),
          buyerGuestId: holder.id,
        },
      },
    ]);
    // The buyer holds only the line bought for themselves.
    const mine = await suite.cast.client("reader").get(`${base(e)}/users/${buyer.id}/tickets`);
    expect(mine.body.data.map((t: { itemId: string }) => t.itemId)).toEqual([completed.items[2]!.id]);
    // A guest with nothing.
    const nobody = await buildGuest(suite.server.db, e, {});
    expect((await suite.cast.client("reader").get(`${base(e)}/users/${nobody.id}/tickets`)).body).toEqual({ data: [] });
  });

  it("lists the orders a guest placed, any status, newest first, with items and totals", async () => {
    const e = await event();
    const buyer = await buildGuest(suite.server.db, e, {});
    const friend = await buildGuest(suite.server.db, e, {});
    const pass = await buildTicket(suite.server.db, e, { caption: "Full pass", taxPercent: 20 });
    const dinner = await buildTicket(suite.server.db, e, { caption: "Gala dinner", taxPercent: 10 });
    const old = await buildOrder(suite.server.db, e, {
      guestId: buyer.id,
      status: "cancelled",
      orderedAt: day(1),
      items: [{ ticket: pass }],
    });
    const recent = await buildOrder(suite.server.db, e, {
      guestId: buyer.id,
      status: "partially_refunded",
      orderedAt: day(4),
      items: [
        { ticket: pass, holderId: friend.id, quantity: 2, refundedQuantity: 1, unitPriceInclTaxCents: 12_000 },
        { ticket: dinner, holderId: null, unitPriceInclTaxCents: 5_500 },
      ],
      overrides: {
        paymentMethod: "transfer",
        billingName: "Acme SAS",
        address: "1 rue de la Paix",
        zip: "75002",
        city: "Paris",
        isCompany: true,
        siret: "73282932000074",
      },
    });
    const cart = await buildOrder(suite.server.db, e, {
      guestId: buyer.id,
      status: "in_cart",
      orderedAt: day(2),
      items: [{ ticket: dinner }],
    });
    // Placed by the friend for the buyer: not the buyer's order.
    await buildOrder(suite.server.db, e, { guestId: friend.id, items: [{ ticket: pass, holderId: buyer.id }] });

    const response = await suite.cast.client("reader").get(`${base(e)}/users/${buyer.id}/orders`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.map((o: { id: string }) => o.id)).toEqual([recent.order.id, cart.order.id, old.order.id]);
    expect(response.body.data.map((o: { status: string }) => o.status)).toEqual([
      "partially_refunded",
      "in_cart",
      "cancelled",
    ]);
    expect(response.body.data[0]).toEqual({
      id: recent.order.id,
      eventId: e.id,
      guestId: buyer.id,
      status: "partially_refunded",
      paymentMethod: "transfer",
      totalExclTaxCents: 2 * 10_000 + 5_000,
      totalInclTaxCents: 2 * 12_000 + 5_500,
      currency: "EUR",
      billingName: "Acme SAS",
      address: "1 rue de la Paix",
      zip: "75002",
      city: "Paris",
      isCompany: true,
      siret: "73282932000074",
      orderedAt: day(4).toISOString(),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      items: [
        {
          id: recent.items[0]!.id,
          ticketId: pass.id,
          caption: "Full pass",
          holderGuestId: friend.id,
          quantity: 2,
          refundedQuantity: 1,
          unitPriceInclTaxCents: 12_000,
          unitPriceExclTaxCents: 10_000,
          taxPercent: 20,
        },
        {
          id: recent.items[1]!.id,
          ticketId: dinner.id,
          caption: "Gala dinner",
          holderGuestId: null,
          quantity: 1,
          refundedQuantity: 0,
          unitPriceInclTaxCents: 5_500,
          unitPriceExclTaxCents: 5_000,
          taxPercent: 10,
        },
      ],
    });
    const friendOrders = await suite.cast.client("reader").get(`${base(e)}/users/${friend.id}/orders`);
    expect(friendOrders.body.data).toHaveLength(1);
    const nobody = await buildGuest(suite.server.db, e, {});
    expect((await suite.cast.client("reader").get(`${base(e)}/users/${nobody.id}/orders`)).body).toEqual({ data: [] });
  });

  it("refuses to delete ticket holders and buyers of live orders, deletes the others", async () => {
    const e = await event();
    const pass = await buildTicket(suite.server.db, e, {});
    const buyer = await buildGuest(suite.server.db, e, { lastName: "Buyer" });
    const holder = await buildGuest(suite.server.db, e, { lastName: "Holder" });
    const awaitingHolder = await buildGuest(suite.server.db, e, { lastName: "Awaiting" });
    const plain = await buildGuest(suite.server.db, e, { lastName: "Plain" });
    await buildOrder(suite.server.db, e, { guestId: buyer.id, items: [{ ticket: pass, holderId: holder.id }] });
    await buildOrder(suite.server.db, e, {
      guestId: awaitingHolder.id,
      status: "awaiting_payment",
      items: [{ ticket: pass }],
    });
    const editor = suite.cast.client("editor");

    for (const guest of [holder, buyer, awaitingHolder]) {
      const refused = await expectNoChange(suite.server.db, () => editor.delete(`${base(e)}/users/${guest.id}`));
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: "guest_not_deleted",
        message: "Guest could not be deleted. Reason: Guests could not be deleted: they may have a ticket.",
        details: { reason: "guests_with_tickets_not_deleted" },
      });
    }

    const bulk = await editor.post(`${base(e)}/deleteusers`, {
      ids: [holder.id, plain.id, buyer.id, awaitingHolder.id],
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.deleted).toEqual([plain.id]);
    const reason = "Guests could not be deleted: they may have a ticket.";
    expect([...bulk.body.refused].sort((a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id))).toEqual(
      [holder.id, buyer.id, awaitingHolder.id].sort().map((id) => ({ id, reason })),
    );
    const left = await Guest.query(suite.server.db).where({ eventId: e.id }).select("id");
    expect(left.map((g) => g.id).sort()).toEqual([holder.id, buyer.id, awaitingHolder.id].sort());
    // Below the guard, the database itself refuses to lose an order's buyer.
    await expect(
      suite.server.db.transaction((trx) => trx("guests").where({ id: buyer.id }).delete()),
    ).rejects.toThrow();
    expect(await Guest.query(suite.server.db).findById(buyer.id)).toBeDefined();
  });

  it("deletes guests whose tickets are refunded, cancelled or in a cart: carts go, other orders stay without buyer", async () => {
    const e = await event();
    const pass = await buildTicket(suite.server.db, e, {});
    const refundedBuyer = await buildGuest(suite.server.db, e, {});
    const cancelledBuyer = await buildGuest(suite.server.db, e, {});
    const carter = await buildGuest(suite.server.db, e, {});
    const refundedHolder = await buildGuest(suite.server.db, e, {});
    const keeper = await buildGuest(suite.server.db, e, {});
    const refunded = await buildOrder(suite.server.db, e, {
      guestId: refundedBuyer.id,
      status: "refunded",
      items: [{ ticket: pass, quantity: 2, refundedQuantity: 2 }],
    });
    const cancelled = await buildOrder(suite.server.db, e, {
      guestId: cancelledBuyer.id,
      status: "cancelled",
      items: [{ ticket: pass }],
    });
    const cart = await buildOrder(suite.server.db, e, {
      guestId: carter.id,
      status: "in_cart",
      items: [{ ticket: pass }],
    });
    // The keeper's live order, with a line for refundedHolder refunded in full.
    const partly = await buildOrder(suite.server.db, e, {
      guestId: keeper.id,
      status: "partially_refunded",
      items: [{ ticket: pass }, { ticket: pass, holderId: refundedHolder.id, refundedQuantity: 1 }],
    });
    const editor = suite.cast.client("editor");

    expect((await editor.delete(`${base(e)}/users/${refundedBuyer.id}`)).status).toBe(200);
    const bulk = await editor.post(`${base(e)}/deleteusers`, {
      ids: [cancelledBuyer.id, carter.id, refundedHolder.id, keeper.id],
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect([...bulk.body.deleted].sort()).toEqual([cancelledBuyer.id, carter.id, refundedHolder.id].sort());
    expect(bulk.body.refused.map((r: { id: string }) => r.id)).toEqual([keeper.id]);

    expect((await Order.query(suite.server.db).findById(refunded.order.id))!.guestId).toBeNull();
    expect((await Order.query(suite.server.db).findById(cancelled.order.id))!.guestId).toBeNull();
    expect(await Order.query(suite.server.db).findById(cart.order.id)).toBeUndefined();
    expect(await OrderItem.query(suite.server.db).where({ orderId: cart.order.id })).toEqual([]);
    expect((await OrderItem.query(suite.server.db).findById(partly.items[1]!.id))!.holderGuestId).toBeNull();
    expect((await OrderItem.query(suite.server.db).findById(partly.items[0]!.id))!.holderGuestId).toBe(keeper.id);
  });

  it("a guest's orders do not stop the whole event from being deleted", async () => {
    const e = await event();
    const pass = await buildTicket(suite.server.db, e, {});
    const guest = await buildGuest(suite.server.db, e, {});
    const other = await buildGuest(suite.server.db, e, {});
    await buildOrder(suite.server.db, e, { guestId: guest.id, items: [{ ticket: pass, holderId: other.id }] });
    const response = await suite.cast
      .client("overseer")
      .delete(`/api/v1/accounts/${suite.cast.accountA.id}/events/${e.id}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await suite.server.db("orders").where({ eventId: e.id })).toEqual([]);
    expect(await suite.server.db("tickets").where({ eventId: e.id })).toEqual([]);
  });

  it("a merge keeps both guests' orders and held tickets on the kept guest", async () => {
    const e = await event();
    const pass = await buildTicket(suite.server.db, e, { caption: "Pass" });
    const dinner = await buildTicket(suite.server.db, e, { caption: "Dinner" });
    const keep = await buildGuest(suite.server.db, e, { email: "twin@example.com" });
    const merge = await buildGuest(suite.server.db, e, { email: "TWIN@example.com" });
    const friend = await buildGuest(suite.server.db, e, {});
    const kept = await buildOrder(suite.server.db, e, {
      guestId: keep.id,
      orderedAt: day(1),
      items: [{ ticket: pass }],
    });
    const merged = await buildOrder(suite.server.db, e, {
      guestId: merge.id,
      status: "awaiting_payment",
      orderedAt: day(2),
      items: [{ ticket: dinner }, { ticket: pass, holderId: friend.id }],
    });
    const gift = await buildOrder(suite.server.db, e, {
      guestId: friend.id,
      orderedAt: day(3),
      items: [{ ticket: dinner, holderId: merge.id }],
    });

    const response = await suite.cast
      .client("editor")
      .post(`${base(e)}/duplicates/merge`, { keepId: keep.id, mergeId: merge.id });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await Guest.query(suite.server.db).findById(merge.id)).toBeUndefined();

    const orders = await suite.cast.client("reader").get(`${base(e)}/users/${keep.id}/orders`);
    expect(orders.body.data.map((o: { id: string }) => o.id)).toEqual([merged.order.id, kept.order.id]);
    const tickets = await suite.cast.client("reader").get(`${base(e)}/users/${keep.id}/tickets`);
    expect(tickets.body.data.map((t: { itemId: string }) => t.itemId)).toEqual([
      gift.items[0]!.id,
      merged.items[0]!.id,
      kept.items[0]!.id,
    ]);
    // The friend still holds the ticket the merged guest bought for them.
    const friendTickets = await suite.cast.client("reader").get(`${base(e)}/users/${friend.id}/tickets`);
    expect(friendTickets.body.data).toMatchObject([{ itemId: merged.items[1]!.id, order: { buyerGuestId: keep.id } }]);
  });
});
