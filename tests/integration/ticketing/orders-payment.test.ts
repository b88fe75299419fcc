import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../../api/src/errors.ts";
import { Order } from "../../../api/src/models/Order.ts";
import { Payment } from "../../../api/src/models/Payment.ts";
import { Ticket } from "../../../api/src/models/Ticket.ts";
import type { StripeStandIn } from "../../../api/src/payments/standIn/index.ts";
import { verifyWebhook, WebhookVerificationError } from "../../../api/src/payments/stripeClient.ts";
import { payOrder, recoverPayments, type PaymentContext } from "../../../api/src/services/orders/payment.ts";
import { placeOrder } from "../../../api/src/services/orders/placeOrder.ts";
import { refundOrder } from "../../../api/src/services/orders/refunds.ts";
import { handleStripeEvent } from "../../../api/src/services/orders/webhook.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { CARD_BUYER, paymentsOnStandIn, salesEvent, STAND_IN_WEBHOOK_SECRET } from "../../helpers/sales.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Issue 14 items 4, 5 and 10: a kill between Stripe's answer and our commit recovers to one charge and one order;
 * webhook events verified (tampered, stale) and handled once (replayed); a payment succeeding after its hold
 * expired is honoured or refunded, never a paid order without a place; concurrent refunds never pass the capture.
 */

describe.each(databaseKinds())("card payments and refunds on %s", (kind) => {
  const suite = useTestServer(kind);
  let standIn: StripeStandIn;
  let context: PaymentContext;
  let clock = () => new Date();
  beforeAll(async () => {
    ({ standIn, context } = await paymentsOnStandIn(suite.server.db, { now: () => clock() }));
  });
  afterAll(async () => standIn?.close());

  async function cart(options: { places?: number | null; quantity?: number } = {}) {
    const { db } = suite.server;
    const { event, ticket, guestIds } = await salesEvent(db, { places: options.places ?? null, guests: 3 });
    const quantity = options.quantity ?? 1;
    const { order } = await placeOrder(
      db,
      event,
      {
        guestId: guestIds[0]!,
        items: [{ ticketId: ticket.id, quantity, holderGuestId: quantity === 1 ? guestIds[0]! : null }],
        coupons: [],
        byOrganizer: false,
      },
      "in_cart",
      new Date(),
    );
    return { event, ticket, guestIds, order };
  }

  const intentsOf = (orderId: string) =>
    standIn.paymentIntents().filter((intent) => intent.metadata?.orderId === orderId);

  it("recovers a kill between Stripe's answer and the commit to one charge and one completed order", async () => {
    const { event, order } = await cart();
    const killed = payOrder(context, event.id, order.id, CARD_BUYER, {
      afterStripeCall: () => {
        throw new Error("killed");
      },
    });
    await expect(killed).rejects.toThrow("killed");
    expect((await Order.query(suite.server.db).findById(order.id))!.status).toBe("in_cart");
    expect(intentsOf(order.id)).toHaveLength(1);

    // The restart: pending payments are asked again with their own Idempotency-Key.
    expect(await recoverPayments(context, 0)).toBeGreaterThanOrEqual(1);
    expect((await Order.query(suite.server.db).findById(order.id))!.status).toBe("completed");
    // The buyer, who saw an error, pays again: nothing more is charged.
    expect(await payOrder(context, event.id, order.id, CARD_BUYER)).toEqual({ status: "completed" });
    const intents = intentsOf(order.id);
    expect(intents).toHaveLength(1);
    expect(standIn.charges().filter((charge) => charge.payment_intent === intents[0]!.id)).toHaveLength(1);
    const payments = await Payment.query(suite.server.db).where({ orderId: order.id });
    expect(payments).toEqual([expect.objectContaining({ status: "succeeded", capturedCents: 12_000 })]);
  });

  it("settles a killed payment from Stripe's webhook event, once, and refuses tampered and stale events", async () => {
    const { event, order } = await cart();
    await expect(
      payOrder(context, event.id, order.id, CARD_BUYER, {
        afterStripeCall: () => {
          throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    const intent = intentsOf(order.id)[0]!;
    const succeeded = standIn
      .events()
      .find((e) => e.type === "payment_intent.succeeded" && (e.data.object as { id: string }).id === intent.id)!;
    const { payload, signature } = standIn.signedEvent(succeeded.id);
    expect(payload).toMatch(/"amount_received": ?12000/);

    expect(() =>
      verifyWebhook(
        payload.replace(/"amount_received": ?12000/, '"amount_received": 1'),
        signature,
        STAND_IN_WEBHOOK_SECRET,
      ),
    ).toThrow(WebhookVerificationError);
    const stale = standIn.signedEvent(succeeded.id, { signedAt: Math.floor(Date.now() / 1000) - 301 });
    expect(() => verifyWebhook(stale.payload, stale.signature, STAND_IN_WEBHOOK_SECRET)).toThrow(
      WebhookVerificationError,
    );

    const verified = verifyWebhook(payload, signature, STAND_IN_WEBHOOK_SECRET);
    expect(await handleStripeEvent(context, verified)).toBe("processed");
    expect((await Order.query(suite.server.db).findById(order.id))!.status).toBe("completed");
    // Stripe sends events again: the replay changes nothing.
    const again = standIn.signedEvent(succeeded.id);
    expect(
      await handleStripeEvent(context, verifyWebhook(again.payload, again.signature, STAND_IN_WEBHOOK_SECRET)),
    ).toBe("duplicate");
    expect(await Payment.query(suite.server.db).where({ orderId: order.id, status: "succeeded" })).toHaveLength(1);
  });

  it("refuses a card payment started after the hold expired and the place was sold, and takes one whose place is still free", async () => {
    const { db } = suite.server;
    const late = await cart({ places: 1 });
    const later = new Date(Date.now() + 31 * 60_000);
    clock = () => later;
    try {
      // Another buyer takes the only place once the first cart's hold is over.
      await placeOrder(
        db,
        late.event,
        {
          guestId: late.guestIds[1]!,
          items: [{ ticketId: late.ticket.id, quantity: 1, holderGuestId: late.guestIds[1]! }],
          coupons: [],
          byOrganizer: false,
        },
        "completed",
        later,
        "desk",
      );
      await expect(payOrder(context, late.event.id, late.order.id, CARD_BUYER)).rejects.toMatchObject({
        code: "ticket_unavailable",
      });

      const free = await cart({ places: 1 });
      expect(await payOrder(context, free.event.id, free.order.id, CARD_BUYER)).toEqual({ status: "completed" });
    } finally {
      clock = () => new Date();
    }
  });

  it("cancels and refunds a card payment that lands after its place went to someone else", async () => {
    const { db } = suite.server;
    const second = await cart({ places: 1 });
    const payment = await Payment.query(db).insertAndFetch({
      orderId: second.order.id,
      provider: "stripe",
      mode: "test",
      status: "pending",
      intentId: null,
      providerMethodId: "pm_card_visa",
      amountCents: 12_000,
      capturedCents: 0,
      refundedCents: 0,
      failureCode: null,
    });
    // The hold ends and someone else buys the place at the desk before Stripe's answer is recorded.
    await db("orders")
      .where({ id: second.order.id })
      .update({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() });
    await placeOrder(
      db,
      second.event,
      {
        guestId: second.guestIds[1]!,
        items: [{ ticketId: second.ticket.id, quantity: 1, holderGuestId: second.guestIds[1]! }],
        coupons: [],
        byOrganizer: false,
      },
      "completed",
      new Date(),
      "desk",
    );
    expect(await recoverPayments(context, 0)).toBeGreaterThanOrEqual(1);
    expect((await Order.query(db).findById(second.order.id))!.status).toBe("cancelled");
    const refunds = standIn.refunds().filter((refund) => refund.payment_intent === intentsOf(second.order.id)[0]!.id);
    expect(refunds.map((refund) => refund.amount)).toEqual([12_000]);
    expect(await Payment.query(db).findById(payment.id)).toMatchObject({
      capturedCents: 12_000,
      refundedCents: 12_000,
    });
  });

  it("declines a refused card without charging, then takes another card", async () => {
    const { event, order } = await cart();
    await expect(
      payOrder(context, event.id, order.id, { ...CARD_BUYER, paymentMethodId: "pm_card_chargeDeclined" }),
    ).rejects.toMatchObject({ code: "payment_declined", status: 402 });
    expect((await Order.query(suite.server.db).findById(order.id))!.status).toBe("in_cart");
    expect(await payOrder(context, event.id, order.id, CARD_BUYER)).toEqual({ status: "completed" });
  });

  it("never refunds more than was captured when two refunds run at once", async () => {
    const { db } = suite.server;
    const { event, ticket, order } = await cart({ quantity: 3 });
    await payOrder(context, event.id, order.id, CARD_BUYER);
    expect((await Ticket.query(db).findById(ticket.id))!.livePlaces).toBe(3);
    // Two whole refunds at once: one goes through, the other finds nothing left.
    const both = await Promise.allSettled([
      refundOrder(context, event.id, order.id, undefined, null),
      refundOrder(context, event.id, order.id, undefined, null),
    ]);
    expect(both.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = both.find((result) => result.status === "rejected") as PromiseRejectedResult;
    // The second one waited for the first's lock, then found the order refunded.
    expect(refused.reason).toBeInstanceOf(AppError);
    expect((refused.reason as AppError).code).toBe("order_action_not_allowed");
    const intent = intentsOf(order.id)[0]!;
    const refunded = standIn.refunds().filter((refund) => refund.payment_intent === intent.id);
    expect(refunded.reduce((sum, refund) => sum + refund.amount, 0)).toBe(36_000);
    expect((await Order.query(db).findById(order.id))!.status).toBe("refunded");
    // Refunded units free their places.
    expect((await Ticket.query(db).findById(ticket.id))!.livePlaces).toBe(0);

    // Three partial refunds of one unit at once on another order: all pass, and add up to the capture exactly.
    const other = await cart({ quantity: 3 });
    await payOrder(context, other.event.id, other.order.id, CARD_BUYER);
    const [otherItem] = await db("orderItems").where({ orderId: other.order.id });
    const units = await Promise.allSettled(
      [1, 2, 3, 4].map(() =>
        refundOrder(context, other.event.id, other.order.id, [{ itemId: otherItem.id, quantity: 1 }], null),
      ),
    );
    expect(units.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    const otherRefunds = standIn
      .refunds()
      .filter((refund) => refund.payment_intent === intentsOf(other.order.id)[0]!.id);
    expect(otherRefunds.reduce((sum, refund) => sum + refund.amount, 0)).toBe(36_000);
    expect((await Order.query(db).findById(other.order.id))!.status).toBe("refunded");
  });
});
