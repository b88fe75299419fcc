import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { placeOrder } from "../../../api/src/services/orders/placeOrder.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildTicket } from "../../helpers/orders.ts";
import { salesEvent } from "../../helpers/sales.ts";
import { useTestServer } from "../../helpers/suite.ts";

/** Issue 14 item 1: a cart priced with coupons — on the tickets a coupon names only, and no more uses than allowed. */
describe.each(databaseKinds())("carts with coupons on %s", (kind) => {
  const suite = useTestServer(kind);

  it("takes a coupon off the tickets it names only, and refuses it once its uses are taken", async () => {
    const { db } = suite.server;
    const { event, ticket, guestIds } = await salesEvent(db, { places: null, guests: 2 });
    const other = await buildTicket(db, event, { priceInclTaxCents: 5_000 });
    const now = new Date().toISOString();
    const couponId = randomUUID();
    await db("coupons").insert({
      id: couponId,
      accountId: event.accountId,
      eventId: event.id,
      code: "Early10",
      codeKey: "early10",
      amountOffCents: null,
      percentOffBp: 1000,
      maxRedemptions: 1,
      combinable: false,
      redeemBy: null,
      createdAt: now,
      updatedAt: now,
    });
    await db("couponTickets").insert({ couponId, ticketId: ticket.id });
    const cart = (guestId: string) =>
      placeOrder(
        db,
        event,
        {
          guestId,
          items: [
            { ticketId: ticket.id, quantity: 1, holderGuestId: guestId },
            { ticketId: other.id, quantity: 1, holderGuestId: guestId },
          ],
          coupons: ["EARLY10"],
          byOrganizer: false,
        },
        "in_cart",
        new Date(),
      );

    const { order, priced } = await cart(guestIds[0]!);
    // 10 % of the 120.00 € ticket only; the 50.00 € one stays whole.
    expect(priced.items.map((item) => item.discountInclTaxCents)).toEqual([1_200, 0]);
    expect(order.totalInclTaxCents).toBe(12_000 - 1_200 + 5_000);
    expect(priced.coupons.map(({ coupon, amountCents }) => [coupon.code, amountCents])).toEqual([["Early10", 1_200]]);

    await expect(cart(guestIds[1]!)).rejects.toMatchObject({
      code: "invalid_input",
      options: { issues: [{ field: "coupons.0", code: "coupon_used_up" }] },
    });
  });
});

/**
 * Issue 14 item 1, discounts: an automatic discount whose conditions hold is taken off without a code — on its
 * tickets, from its minimum quantity, stacked with a coupon when combinable — and recorded on the order; its max
 * uses hold when buyers race for its last use (one gets it, the others pay full price, none is refused).
 */
describe.each(databaseKinds())("carts with automatic discounts on %s", (kind) => {
  const suite = useTestServer(kind);

  async function discount(
    event: { id: string; accountId: string },
    values: { percentOffBp?: number; amountOffCents?: number; minQuantity?: number; maxUses?: number | null },
    ticketIds: string[] = [],
    combinable = false,
  ) {
    const now = new Date().toISOString();
    const id = randomUUID();
    await suite.server.db("discounts").insert({
      id,
      accountId: event.accountId,
      eventId: event.id,
      name: `Discount ${id.slice(0, 4)}`,
      amountOffCents: values.amountOffCents ?? null,
      percentOffBp: values.percentOffBp ?? null,
      minQuantity: values.minQuantity ?? 1,
      maxUses: values.maxUses ?? null,
      isActive: true,
      combinableWithCoupons: combinable,
      position: 0,
      createdAt: now,
      updatedAt: now,
    });
    if (ticketIds.length)
      await suite.server.db("discountTickets").insert(ticketIds.map((ticketId) => ({ discountId: id, ticketId })));
    return id;
  }

  const cart = (event: Parameters<typeof placeOrder>[1], ticketId: string, guestId: string, quantity: number) =>
    placeOrder(
      suite.server.db,
      event,
      { guestId, items: [{ ticketId, quantity, holderGuestId: null }], coupons: [], byOrganizer: false },
      "in_cart",
      new Date(),
    );

  it("takes a group discount off from its minimum quantity, on its tickets, and records it on the order", async () => {
    const { db } = suite.server;
    const { event, ticket, guestIds } = await salesEvent(db, { places: null, guests: 2 });
    const other = await buildTicket(db, event, { priceInclTaxCents: 5_000 });
    const group = await discount(event, { percentOffBp: 1000, minQuantity: 5 }, [ticket.id]);

    const four = await cart(event, ticket.id, guestIds[0]!, 4);
    expect(four.order.totalInclTaxCents).toBe(4 * 12_000);
    const five = await cart(event, ticket.id, guestIds[0]!, 5);
    expect(five.order.totalInclTaxCents).toBe(5 * 12_000 - 6_000);
    expect(await db("orderDiscounts").where({ orderId: five.order.id })).toEqual([
      { orderId: five.order.id, discountId: group, amountCents: 6_000 },
    ]);
    const others = await cart(event, other.id, guestIds[1]!, 6);
    expect(others.order.totalInclTaxCents).toBe(6 * 5_000);
  });

  it("gives its last use to one of the buyers racing for it, the others paying full price", async () => {
    const { db } = suite.server;
    const { event, ticket, guestIds } = await salesEvent(db, { places: null, guests: 6 });
    const once = await discount(event, { amountOffCents: 2_000, maxUses: 1 });
    const orders = await Promise.all(guestIds.map((guestId) => cart(event, ticket.id, guestId, 1)));
    const totals = orders.map(({ order }) => order.totalInclTaxCents).sort((a, b) => a - b);
    expect(totals).toEqual([10_000, 12_000, 12_000, 12_000, 12_000, 12_000]);
    expect(await db("orderDiscounts").where({ discountId: once })).toHaveLength(1);
  });
});
