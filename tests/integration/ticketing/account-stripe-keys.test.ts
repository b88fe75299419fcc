import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountWebhookPath } from "../../../api/src/http/stripeWebhook.ts";
import { AccountStripeKeys } from "../../../api/src/models/AccountStripeKeys.ts";
import { Order } from "../../../api/src/models/Order.ts";
import type { StripeStandIn } from "../../../api/src/payments/standIn/index.ts";
import { createStripeClient } from "../../../api/src/payments/stripeClient.ts";
import { payOrder } from "../../../api/src/services/orders/payment.ts";
import { settleOpenPayments } from "../../../api/src/services/orders/paymentSweep.ts";
import { accountPaymentContext } from "../../../api/src/services/orders/stripeKeys.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildForm } from "../../helpers/forms.ts";
import { buildTicket, writeTicketingParams } from "../../helpers/orders.ts";
import { BUYER_BILLING, CARD_BUYER, serverPaysOnStandIn, STAND_IN_SECRET_KEY } from "../../helpers/sales.ts";
import { useCastServer } from "../../helpers/suite.ts";

/**
 * Issue 14 item 5: an account's own Stripe keys, test and live. Overseers and administrators set them; a secret
 * never leaves the server (nor is it stored in clear). An event's card payments go to its account's key for the
 * mode (the stand-in keeps each key's objects apart), the card form gets the account's publishable key, and the
 * account's webhook endpoint takes events signed with its own secret, only for its own payments.
 */
describe.each(databaseKinds())("an account's Stripe keys on %s", (kind) => {
  const suite = useCastServer(kind);
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await serverPaysOnStandIn(suite.server, "pk_test_server");
  });
  afterAll(async () => standIn?.close());

  const KEYS = {
    publishableKey: "pk_test_account_a",
    secretKey: "sk_test_account_a_secret_1234",
    webhookSecret: "whsec_account_a_hook_9876",
  };
  const path = () => `/api/v1/accounts/${suite.cast.accountA.id}/stripe-keys`;

  it("lets overseers set them, never answers a secret, and keeps none in clear", async () => {
    const overseer = suite.cast.client("overseer");
    const empty = await overseer.get(path());
    expect(empty.status).toBe(200);
    expect(empty.body.test).toEqual({
      publishableKey: null,
      secretKeySet: false,
      secretKeyLast4: null,
      webhookSecretSet: false,
      webhookSecretLast4: null,
    });
    expect(empty.body.webhookPath).toBe(accountWebhookPath(suite.cast.accountA.id));

    for (const member of ["organizer", "editor", "reader", "outsiderOverseer", "anonymous"] as const) {
      const refused = await suite.cast.client(member).post(path(), { test: KEYS });
      expect([401, 403, 404], member).toContain(refused.status);
      expect([401, 403, 404], member).toContain((await suite.cast.client(member).get(path())).status);
    }
    // A key of the other mode is refused.
    const wrongMode = await overseer.post(path(), { live: { secretKey: "sk_test_abc" } });
    expect(wrongMode.status).toBe(422);

    const saved = await overseer.post(path(), { test: KEYS });
    expect(saved.status).toBe(200);
    expect(saved.body.test).toEqual({
      publishableKey: "pk_test_account_a",
      secretKeySet: true,
      secretKeyLast4: "1234",
      webhookSecretSet: true,
      webhookSecretLast4: "9876",
    });
    expect(saved.body.live.secretKeySet).toBe(false);
    const read = await suite.cast.client("administrator").get(path());
    expect(JSON.stringify(read.body)).not.toContain(KEYS.secretKey);
    expect(JSON.stringify(read.body)).not.toContain(KEYS.webhookSecret);
    const row = await AccountStripeKeys.query(suite.server.db).findOne({
      accountId: suite.cast.accountA.id,
      mode: "test",
    });
    expect(JSON.stringify(row)).not.toContain(KEYS.secretKey);
    expect(JSON.stringify(row)).not.toContain(KEYS.webhookSecret);
    const audit = await suite.server.db("auditLogs").where({ action: "account.stripe_keys_updated" });
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(KEYS.secretKey);
  });

  async function buyerCart(accountId: string) {
    const { db } = suite.server;
    const event = await buildEvent(db, accountId);
    const ticket = await buildTicket(db, event);
    await writeTicketingParams(db, event, {
      terms: "Terms",
      paymentMethods: ["card", "transfer"],
      salesStartedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const form = await buildForm(db, event, { items: [] });
    const sent = await suite.server.http.post(`/en/${event.slug}/forms/sendForm/${form.id}`, {
      formId: form.id,
      mail: `buyer.${event.id.slice(0, 8)}@example.org`,
      items: { firstName: "Inès", lastName: "Martin", answers: {} },
      order: { items: [{ ticketId: ticket.id, quantity: 1 }] },
    });
    expect(sent.status).toBe(201);
    const base = `/api/v1/public/events/${event.slug}`;
    return {
      event,
      base,
      order: sent.body.order,
      path: `${base}/orders/${sent.body.order.id}/${sent.body.order.secret}`,
    };
  }

  const BUYER = BUYER_BILLING;

  it("takes an event's card payments with its account's key, and the server's for an account without", async () => {
    await suite.cast.client("overseer").post(path(), { test: KEYS });
    const own = await buyerCart(suite.cast.accountA.id);
    const office = await suite.server.http.get(`${own.base}/ticketoffice`);
    expect(office.body.card).toEqual({ publishableKey: "pk_test_account_a", stripeJsUrl: "https://js.stripe.com/v3/" });
    const paid = await suite.server.http.post(`${own.path}/pay`, {
      method: "card",
      payment_method_id: "pm_card_visa",
      ...BUYER,
    });
    expect(paid.body.status).toBe("completed");
    const intentId = standIn.paymentIntents().find((intent) => intent.metadata?.orderId === own.order.id)!.id;
    const byAccount = createStripeClient(suite.server.config.stripe, KEYS.secretKey);
    expect((await byAccount.paymentIntents.retrieve(intentId)).status).toBe("succeeded");
    const byServer = createStripeClient(suite.server.config.stripe, STAND_IN_SECRET_KEY);
    await expect(byServer.paymentIntents.retrieve(intentId)).rejects.toMatchObject({ code: "resource_missing" });

    // Account B has no keys: the server's.
    const other = await buyerCart(suite.cast.accountB.id);
    expect((await suite.server.http.get(`${other.base}/ticketoffice`)).body.card.publishableKey).toBe("pk_test_server");
    await suite.server.http.post(`${other.path}/pay`, { method: "card", payment_method_id: "pm_card_visa", ...BUYER });
    const otherIntent = standIn.paymentIntents().find((intent) => intent.metadata?.orderId === other.order.id)!.id;
    expect((await byServer.paymentIntents.retrieve(otherIntent)).status).toBe("succeeded");
  });

  it("settles a payment a kill left open with its account's key, from the minute's sweep", async () => {
    await suite.cast.client("overseer").post(path(), { test: KEYS });
    const { event, order } = await buyerCart(suite.cast.accountA.id);
    const { deps } = suite.server;
    const context = await accountPaymentContext(
      { deps, db: deps.db, clock: deps.clock },
      suite.cast.accountA.id,
      "test",
    );
    const killed = payOrder(context, event.id, order.id, CARD_BUYER, {
      afterStripeCall: () => {
        throw new Error("killed");
      },
    });
    await expect(killed).rejects.toThrow("killed");
    expect((await Order.query(deps.db).findById(order.id))!.status).toBe("in_cart");

    // After the restart, the sweep asks Stripe again with the keys the order was paid with: the account's.
    expect(await settleOpenPayments(deps, 0)).toBeGreaterThanOrEqual(1);
    expect((await Order.query(deps.db).findById(order.id))!.status).toBe("completed");
    const intents = standIn.paymentIntents().filter((intent) => intent.metadata?.orderId === order.id);
    expect(intents).toHaveLength(1);
    expect(standIn.charges().filter((charge) => charge.payment_intent === intents[0]!.id)).toHaveLength(1);
    const byAccount = createStripeClient(suite.server.config.stripe, KEYS.secretKey);
    expect((await byAccount.paymentIntents.retrieve(intents[0]!.id)).status).toBe("succeeded");
    expect(await deps.db("payments").where({ orderId: order.id }).pluck("status")).toEqual(["succeeded"]);
  });

  it("verifies the account's webhook with its own secret, and settles only its own payments", async () => {
    await suite.cast.client("overseer").post(path(), { test: KEYS });
    const own = await buyerCart(suite.cast.accountA.id);
    const asked = await suite.server.http.post(`${own.path}/pay`, {
      method: "card",
      payment_method_id: "pm_card_authenticationRequired",
      ...BUYER,
    });
    expect(asked.body.status).toBe("requires_action");
    const intent = standIn.paymentIntents().find((candidate) => candidate.metadata?.orderId === own.order.id)!;
    standIn.authenticate(intent.id, "succeed");
    const succeeded = standIn
      .events()
      .find((e) => e.type === "payment_intent.succeeded" && (e.data.object as { id: string }).id === intent.id)!;
    const post = (url: string, signed: { payload: string; signature: string }) =>
      fetch(`${suite.server.baseUrl}${url}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signed.signature },
        body: signed.payload,
      });
    const hookA = accountWebhookPath(suite.cast.accountA.id);

    // Signed with another secret (the server's endpoint's): refused, nothing changes.
    const forged = await post(hookA, standIn.signedEvent(succeeded.id, { secret: "whsec_someone_else" }));
    expect(forged.status).toBe(400);
    expect((await Order.query(suite.server.db).findById(own.order.id))!.status).toBe("in_cart");
    // Account B has no keys: no endpoint.
    const hookB = accountWebhookPath(suite.cast.accountB.id);
    expect((await post(hookB, standIn.signedEvent(succeeded.id, { secret: KEYS.webhookSecret }))).status).toBe(404);

    const accepted = await post(hookA, standIn.signedEvent(succeeded.id, { secret: KEYS.webhookSecret }));
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ received: true, outcome: "processed" });
    expect((await Order.query(suite.server.db).findById(own.order.id))!.status).toBe("completed");

    // Account B's own endpoint never settles account A's payment, even signed with B's secret.
    const keysB = { ...KEYS, webhookSecret: "whsec_account_b_hook" };
    await suite.cast.client("outsiderOverseer").post(`/api/v1/accounts/${suite.cast.accountB.id}/stripe-keys`, {
      test: keysB,
    });
    const crossed = await post(hookB, standIn.signedEvent(succeeded.id, { secret: keysB.webhookSecret }));
    expect(crossed.status).toBe(200);
    expect(await crossed.json()).toEqual({ received: true, outcome: "ignored" });
  });
});
