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
 * A card payment Stripe completes after the buyer left (3-D Secure finished elsewhere): the webhook's
 * payment_intent.succeeded completes the order, and the buyer gets the order confirmation, in their language,
 * once however often Stripe sends the event.
 */
describe.each(databaseKinds())("order confirmation after Stripe's webhook on %s", (kind) => {
  const suite = useTestServer(kind, { env: { STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET } });

  it("mails the buyer their order once the webhook says the payment succeeded", async () => {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { name: "Harbour summit", languages: ["en", "es"] });
    const email = `buyer-${randomUUID().slice(0, 8)}@example.org`;
    const guest = await buildGuest(db, event, { email, firstName: "Lucía", language: "es" });
    const { order } = await buildOrder(db, event, {
      guestId: guest.id,
      status: "in_cart",
      items: [{ ticket: await buildTicket(db, event, { caption: "Day pass" }) }],
      overrides: { holdExpiresAt: new Date(Date.now() + 600_000), email, language: "es" },
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
    const succeeded = (id: string) =>
      JSON.stringify({
        id,
        object: "event",
        type: "payment_intent.succeeded",
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: "pi_auto_mail",
            object: "payment_intent",
            status: "succeeded",
            amount_received: order.totalInclTaxCents,
            metadata: { paymentId, orderId: order.id, eventId: event.id },
          },
        },
      });
    const post = (payload: string) =>
      fetch(`${suite.server.baseUrl}${STRIPE_WEBHOOK_PATH}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: STAND_IN_WEBHOOK_SECRET }),
        },
        body: payload,
      });

    const first = await post(succeeded(`evt_${randomUUID().replace(/-/g, "")}`));
    expect(await first.json()).toEqual({ received: true, outcome: "processed" });
    expect(await db("orders").where({ id: order.id }).first("status")).toEqual({ status: "completed" });
    const mail = await suite.server.mailbox.waitFor(email);
    expect(mail.subject).toMatch(/^Su pedido [A-Z0-9]{8} para Harbour summit$/);
    expect(mail.text).toContain("1 × Day pass");

    // The same payment told again (another event id): nothing more is sent.
    await post(succeeded(`evt_${randomUUID().replace(/-/g, "")}`));
    await suite.server.deps.jobs.drain();
    await expect(suite.server.mailbox.waitFor(email, { timeoutMs: 500 })).rejects.toThrow();
  });
});
