import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { STRIPE_WEBHOOK_PATH } from "../../../api/src/http/stripeWebhook.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { buildOrder, buildTicket } from "../../helpers/orders.ts";
import { STAND_IN_WEBHOOK_SECRET } from "../../helpers/sales.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Where Stripe posts its events (issue 14 item 5): the raw body's signature checked with the endpoint's secret
 * (a tampered body, a stale or missing signature: 400, nothing changes), each event handled once whoever sends it
 * again (the second answer says duplicate), a payment's failure recorded on its row.
 */
describe.each(databaseKinds())("the Stripe webhook endpoint on %s", (kind) => {
  const suite = useTestServer(kind, { env: { STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET } });

  async function pendingPayment() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id);
    const guest = await buildGuest(db, event);
    const { order } = await buildOrder(db, event, {
      guestId: guest.id,
      status: "in_cart",
      items: [{ ticket: await buildTicket(db, event) }],
      overrides: { holdExpiresAt: new Date(Date.now() + 600_000) },
    });
    const paymentId = randomUUID();
    await db("payments").insert({
      id: paymentId,
      orderId: order.id,
      provider: "stripe",
      mode: "test",
      status: "pending",
      providerMethodId: "pm_card_visa",
      amountCents: order.totalInclTaxCents,
      capturedCents: 0,
      refundedCents: 0,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    });
    return { paymentId };
  }

  const failedEvent = (paymentId: string) =>
    JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, "")}`,
      object: "event",
      type: "payment_intent.payment_failed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: "pi_webhook_test",
          object: "payment_intent",
          metadata: { paymentId },
          last_payment_error: { decline_code: "insufficient_funds" },
        },
      },
    });

  const post = (payload: string, signature: string | null) =>
    fetch(`${suite.server.baseUrl}${STRIPE_WEBHOOK_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) },
      body: payload,
    });
  const sign = (payload: string, timestamp = Math.floor(Date.now() / 1000)) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: STAND_IN_WEBHOOK_SECRET, timestamp });

  it("handles a signed event once, and refuses a tampered, stale or unsigned one without a change", async () => {
    const { db } = suite.server;
    const { paymentId } = await pendingPayment();
    const payload = failedEvent(paymentId);

    const tampered = await post(payload.replace("insufficient_funds", "expired_card"), sign(payload));
    expect(tampered.status).toBe(400);
    expect((await post(payload, sign(payload, Math.floor(Date.now() / 1000) - 301))).status).toBe(400);
    expect((await post(payload, null)).status).toBe(400);
    expect(await db("payments").where({ id: paymentId }).first("status")).toEqual({ status: "pending" });

    const first = await post(payload, sign(payload));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: "processed" });
    expect(await db("payments").where({ id: paymentId }).first("status", "failureCode")).toEqual({
      status: "failed",
      failureCode: "insufficient_funds",
    });
    const again = await post(payload, sign(payload));
    expect(await again.json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await db("stripeEvents").where({ id: JSON.parse(payload).id })).toHaveLength(1);
  });
});

describe.each(databaseKinds())("the Stripe webhook endpoint without a secret on %s", (kind) => {
  const suite = useTestServer(kind);

  it("is not there when no webhook secret is configured", async () => {
    const response = await fetch(`${suite.server.baseUrl}${STRIPE_WEBHOOK_PATH}`, { method: "POST", body: "{}" });
    expect(response.status).toBe(404);
  });
});
