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
