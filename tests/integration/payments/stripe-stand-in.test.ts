import { spawn } from "node:child_process";
import { once } from "node:events";
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createInterface } from "node:readline";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT_DIR, stripeConfigFrom } from "../../../api/src/config.ts";
import { startStripeStandIn, type StripeStandIn } from "../../../api/src/payments/standIn/index.ts";
import { createStripeClient, verifyWebhook } from "../../../api/src/payments/stripeClient.ts";

/**
 * The stand-in of Stripe's API, driven by the real `stripe` SDK (what the API will use) built from the
 * configuration (STRIPE_API_URL), and its webhooks received by a plain local HTTP server.
 */
const WEBHOOK_SECRET = "whsec_stand_in_test_secret";

interface Received {
  payload: string;
  signature: string | undefined;
  receivedAt: Date;
}

/** A webhook endpoint: records each post; answers 500 to the next `failNext` ones. */
function startReceiver() {
  const received: Received[] = [];
  const state = { failNext: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const signature = req.headers["stripe-signature"];
      received.push({
        payload: Buffer.concat(chunks).toString("utf8"),
        signature: typeof signature === "string" ? signature : undefined,
        receivedAt: new Date(),
      });
      if (state.failNext > 0) {
        state.failNext -= 1;
        res.writeHead(500).end("busy");
      } else {
        res.writeHead(200).end("ok");
      }
    });
  });
  return { server, received, state };
}

describe("Stripe stand-in, through the real SDK", () => {
  const receiver = startReceiver();
  let standIn: StripeStandIn;
  let stripe: Stripe;
  let otherAccount: Stripe;

  const eventsOf = (objectId: string) =>
    standIn.events().filter((event) => (event.data.object as { id: string }).id === objectId);
  const receivedOf = (eventId: string) =>
    receiver.received.filter((entry) => (JSON.parse(entry.payload) as { id: string }).id === eventId);
  const errorOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      return error as Stripe.errors.StripeError;
    }
    throw new Error("The request succeeded");
  };
  const paidIntent = async (amount: number, captureMethod: "automatic" | "manual" = "automatic") =>
    stripe.paymentIntents.create({
      amount,
      currency: "eur",
      allowed_payment_method_types: ["card"],
      payment_method: "pm_card_visa",
      capture_method: captureMethod,
      confirm: true,
    });

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.server.listen(0, "127.0.0.1", resolve));
    const { port } = receiver.server.address() as AddressInfo;
    standIn = await startStripeStandIn({
      webhookUrl: `http://127.0.0.1:${port}/webhooks/stripe`,
      webhookSecret: WEBHOOK_SECRET,
      retryDelayMs: 10,
    });
    const config = stripeConfigFrom({ STRIPE_API_URL: standIn.url });
    stripe = createStripeClient(config, "sk_test_stand_in_account_a");
    otherAccount = createStripeClient(config, "sk_test_stand_in_account_b");
  });

  afterAll(async () => {
    await standIn?.close();
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  it("creates once for one idempotency key: the second request replays the first answer, one charge after confirm", async () => {
    const key = randomUUID();
    const params = {
      amount: 4200,
      currency: "eur",
      automatic_payment_methods: { enabled: true },
      metadata: { order_id: "order-1" },
    } as const;
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: key });
    const second = await stripe.paymentIntents.create(params, { idempotencyKey: key });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers["idempotent-replayed"]).toBe("true");
    expect(first).toMatchObject({
      object: "payment_intent",
      amount: 4200,
      currency: "eur",
      status: "requires_payment_method",
      capture_method: "automatic_async",
      metadata: { order_id: "order-1" },
      latest_charge: null,
    });
    expect(first.client_secret).toMatch(new RegExp(`^${first.id}_secret_`));
    expect(standIn.paymentIntents().filter((intent) => intent.metadata.order_id === "order-1")).toHaveLength(1);

    const confirmKey = randomUUID();
    const confirmed = await stripe.paymentIntents.confirm(
      first.id,
      { payment_method: "pm_card_visa" },
      { idempotencyKey: confirmKey },
    );
    const again = await stripe.paymentIntents.confirm(
      first.id,
      { payment_method: "pm_card_visa" },
      { idempotencyKey: confirmKey },
    );
    expect(again.status).toBe("succeeded");
    expect(confirmed).toMatchObject({ status: "succeeded", amount_received: 4200 });
    const charges = standIn.charges().filter((charge) => charge.payment_intent === first.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      id: confirmed.latest_charge,
      amount: 4200,
      captured: true,
      status: "succeeded",
    });
    expect((await stripe.paymentIntents.retrieve(first.id)).status).toBe("succeeded");
  });

  it("creates one intent for one idempotency key sent many times at once", async () => {
    const key = randomUUID();
    const params = { amount: 3300, currency: "eur", metadata: { order_id: `concurrent-${key}` } };
    const intents = await Promise.all(
      Array.from({ length: 8 }, () => stripe.paymentIntents.create(params, { idempotencyKey: key })),
    );
    expect(new Set(intents.map((intent) => intent.id)).size).toBe(1);
    expect(standIn.paymentIntents().filter((intent) => intent.metadata.order_id === `concurrent-${key}`)).toHaveLength(
      1,
    );
  });

  it("answers idempotency_error for one key with other parameters or another path, and keeps keys per secret key", async () => {
    const key = randomUUID();
    const intent = await stripe.paymentIntents.create({ amount: 1000, currency: "eur" }, { idempotencyKey: key });
    const other = await errorOf(
      stripe.paymentIntents.create({ amount: 1001, currency: "eur" }, { idempotencyKey: key }),
    );
    expect(other.type).toBe("StripeIdempotencyError");
    expect(other.statusCode).toBe(400);
    expect(other.message).toContain("same parameters");
    const otherPath = await errorOf(
      stripe.refunds.create({ payment_intent: intent.id, amount: 1000 }, { idempotencyKey: key }),
    );
    expect(otherPath.type).toBe("StripeIdempotencyError");

    // The same key under another secret key is another request, and that account sees none of the first's objects.
    const theirs = await otherAccount.paymentIntents.create({ amount: 1001, currency: "eur" }, { idempotencyKey: key });
    expect(theirs.id).not.toBe(intent.id);
    const hidden = await errorOf(otherAccount.paymentIntents.retrieve(intent.id));
    expect(hidden).toMatchObject({ type: "StripeInvalidRequestError", statusCode: 404, code: "resource_missing" });
    const hiddenRefund = await errorOf(otherAccount.refunds.create({ payment_intent: intent.id }));
    expect(hiddenRefund).toMatchObject({ statusCode: 404, code: "resource_missing" });
  });

  it("refuses an unknown parameter, a missing amount, a live or missing key", async () => {
    const unknown = await errorOf(
      stripe.paymentIntents.create({
        amount: 1000,
        currency: "eur",
        colour: "red",
      } as Stripe.PaymentIntentCreateParams),
    );
    expect(unknown).toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "colour" });
    const noAmount = await errorOf(
      stripe.paymentIntents.create({ currency: "eur" } as Stripe.PaymentIntentCreateParams),
    );
    expect(noAmount).toMatchObject({ code: "parameter_missing", param: "amount" });
    const live = createStripeClient(stripeConfigFrom({ STRIPE_API_URL: standIn.url }), "sk_live_nope");
    expect(await errorOf(live.paymentIntents.create({ amount: 1000, currency: "eur" }))).toMatchObject({
      type: "StripeAuthenticationError",
      statusCode: 401,
    });
    // payment_method_types, the name of API versions before 2026-10-28, is taken as well.
    const older = await fetch(`${standIn.url}/v1/payment_intents`, {
      method: "POST",
      headers: {
        Authorization: "Bearer sk_test_stand_in_account_a",
        "Content-Type": "application/x-www-form-urlencoded",
        "Stripe-Version": "2024-06-20",
      },
      body: "amount=1000&currency=eur&payment_method_types[0]=card",
    });
    expect(older.status).toBe(200);
    expect(await older.json()).toMatchObject({ payment_method_types: ["card"], automatic_payment_methods: null });
    const exclusive = await errorOf(
      stripe.paymentIntents.create({
        amount: 1000,
        currency: "eur",
        automatic_payment_methods: { enabled: true },
        allowed_payment_method_types: ["card"],
      }),
    );
    expect(exclusive).toMatchObject({ code: "parameters_exclusive", param: "allowed_payment_method_types" });
    const bare = await fetch(`${standIn.url}/v1/payment_intents`, { method: "POST" });
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as { error: { type: string } }).error.type).toBe("invalid_request_error");
  });

  it("expands latest_charge, and refuses another expansion or a confirm without a card before creating anything", async () => {
    const intent = await paidIntent(1500);
    const withCharge = await stripe.paymentIntents.retrieve(intent.id, { expand: ["latest_charge"] });
    expect(withCharge.latest_charge).toMatchObject({ object: "charge", id: intent.latest_charge, amount: 1500 });
    const count = standIn.paymentIntents().length;
    const badExpand = await errorOf(
      stripe.paymentIntents.create({ amount: 1500, currency: "eur", expand: ["customer"] }),
    );
    expect(badExpand).toMatchObject({ statusCode: 400, param: "expand" });
    const noCard = await errorOf(stripe.paymentIntents.create({ amount: 1500, currency: "eur", confirm: true }));
    expect(noCard).toMatchObject({ statusCode: 400, code: "parameter_missing", param: "payment_method" });
    expect(standIn.paymentIntents()).toHaveLength(count);
  });

  it("declines pm_card_chargeDeclined with a card_error, records the failed charge and posts payment_failed", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2500, currency: "eur" });
    const declined = await errorOf(
      stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_chargeDeclined" }),
    );
    expect(declined).toMatchObject({
      type: "StripeCardError",
      statusCode: 402,
      code: "card_declined",
      decline_code: "generic_decline",
    });
    expect(declined.payment_intent?.id).toBe(intent.id);
    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after.status).toBe("requires_payment_method");
    expect(after.last_payment_error).toMatchObject({ type: "card_error", code: "card_declined" });
    expect(standIn.charges().filter((charge) => charge.payment_intent === intent.id)).toMatchObject([
      { status: "failed", paid: false, captured: false },
    ]);
    // Another card then succeeds on the same intent.
    const paid = await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    expect(paid.status).toBe("succeeded");
    await standIn.idle();
    expect(eventsOf(intent.id).map((event) => event.type)).toEqual([
      "payment_intent.created",
      "payment_intent.payment_failed",
      "payment_intent.succeeded",
    ]);
  });

  it("stops pm_card_authenticationRequired at requires_action until the customer authenticates", async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 3000,
      currency: "eur",
      payment_method: "pm_card_authenticationRequired",
      confirm: true,
    });
    expect(intent.status).toBe("requires_action");
    expect(intent.next_action?.type).toBe("use_stripe_sdk");
    expect(standIn.charges().filter((charge) => charge.payment_intent === intent.id)).toEqual([]);
    expect(standIn.authenticate(intent.id, "succeed").status).toBe("succeeded");
    expect(standIn.charges().filter((charge) => charge.payment_intent === intent.id)).toHaveLength(1);

    const failing = await stripe.paymentIntents.create({
      amount: 3000,
      currency: "eur",
      payment_method: "pm_card_authenticationRequired",
      confirm: true,
    });
    expect(standIn.authenticate(failing.id, "fail")).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "payment_intent_authentication_failure" },
    });
  });

  it("captures an authorized intent once, partially, and cancels another", async () => {
    const intent = await paidIntent(5000, "manual");
    expect(intent).toMatchObject({ status: "requires_capture", amount_capturable: 5000, amount_received: 0 });
    const tooMuch = await errorOf(stripe.paymentIntents.capture(intent.id, { amount_to_capture: 5001 }));
    expect(tooMuch.statusCode).toBe(400);
    const captured = await stripe.paymentIntents.capture(intent.id, { amount_to_capture: 3000 });
    expect(captured).toMatchObject({ status: "succeeded", amount_received: 3000, amount_capturable: 0 });
    const twice = await errorOf(stripe.paymentIntents.capture(intent.id));
    expect(twice).toMatchObject({ statusCode: 400, code: "payment_intent_unexpected_state" });
    const charge = standIn.charges().find((entry) => entry.id === captured.latest_charge)!;
    expect(charge).toMatchObject({ amount: 5000, amount_captured: 3000, captured: true });
    // What is refundable is what was captured.
    const over = await errorOf(stripe.refunds.create({ payment_intent: intent.id, amount: 3001 }));
    expect(over).toMatchObject({ statusCode: 400, code: "amount_too_large" });

    const held = await paidIntent(2000, "manual");
    const canceled = await stripe.paymentIntents.cancel(held.id, { cancellation_reason: "abandoned" });
    expect(canceled).toMatchObject({ status: "canceled", cancellation_reason: "abandoned", amount_capturable: 0 });
    expect(await errorOf(stripe.paymentIntents.capture(held.id))).toMatchObject({
      code: "payment_intent_unexpected_state",
    });
    expect(await errorOf(stripe.paymentIntents.cancel(intent.id))).toMatchObject({
      code: "payment_intent_unexpected_state",
    });
  });

  it("refunds part, refuses more than the rest, refunds the rest, then refuses any more", async () => {
    const intent = await paidIntent(5000);
    const first = await stripe.refunds.create({
      payment_intent: intent.id,
      amount: 1500,
      reason: "requested_by_customer",
    });
    expect(first).toMatchObject({ object: "refund", amount: 1500, status: "succeeded", payment_intent: intent.id });
    expect(await stripe.refunds.retrieve(first.id)).toMatchObject({ id: first.id, amount: 1500 });
    const over = await errorOf(stripe.refunds.create({ payment_intent: intent.id, amount: 3501 }));
    expect(over).toMatchObject({ type: "StripeInvalidRequestError", code: "amount_too_large", param: "amount" });
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(3500);
    const none = await errorOf(stripe.refunds.create({ payment_intent: intent.id, amount: 1 }));
    expect(none).toMatchObject({ code: "charge_already_refunded" });
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({ amount_refunded: 5000, refunded: true });
    const notPaid = await stripe.paymentIntents.create({ amount: 1000, currency: "eur" });
    expect(await errorOf(stripe.refunds.create({ payment_intent: notPaid.id }))).toMatchObject({
      code: "charge_not_refundable",
    });
  });

  it("never refunds more than was captured under concurrent refunds", async () => {
    const intent = await paidIntent(5000);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => stripe.refunds.create({ payment_intent: intent.id, amount: 700 })),
    );
    const refunded = results.filter((result) => result.status === "fulfilled");
    expect(refunded).toHaveLength(7); // 7 × 700 = 4900 ≤ 5000 < 8 × 700
    for (const result of results) {
      if (result.status === "rejected")
        expect((result.reason as Stripe.errors.StripeError).code).toBe("amount_too_large");
    }
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge.amount_refunded).toBe(4900);
    expect(
      standIn
        .refunds()
        .filter((refund) => refund.payment_intent === intent.id)
        .reduce((sum, refund) => sum + refund.amount, 0),
    ).toBe(4900);
  });

  it("posts events signed as Stripe does: they verify, and a tampered body, another secret or an old signature do not", async () => {
    const intent = await paidIntent(1800);
    await standIn.idle();
    const succeeded = eventsOf(intent.id).find((event) => event.type === "payment_intent.succeeded")!;
    expect(succeeded).toMatchObject({ object: "event", livemode: false, data: { object: { id: intent.id } } });
    const [delivery] = receivedOf(succeeded.id);
    expect(delivery).toBeDefined();
    expect(delivery!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    const viaSdk = stripe.webhooks.constructEvent(delivery!.payload, delivery!.signature!, WEBHOOK_SECRET);
    expect(viaSdk.id).toBe(succeeded.id);
    const ours = verifyWebhook(delivery!.payload, delivery!.signature, WEBHOOK_SECRET, delivery!.receivedAt);
    expect(ours).toMatchObject({ id: succeeded.id, type: "payment_intent.succeeded" });
    expect((ours.data.object as Stripe.PaymentIntent).status).toBe("succeeded");

    const tampered = delivery!.payload.replace('"amount": 1800', '"amount": 1');
    expect(tampered).not.toBe(delivery!.payload);
    expect(() => verifyWebhook(tampered, delivery!.signature, WEBHOOK_SECRET, delivery!.receivedAt)).toThrow();
    expect(() => stripe.webhooks.constructEvent(tampered, delivery!.signature!, WEBHOOK_SECRET)).toThrow();
    expect(() =>
      verifyWebhook(delivery!.payload, delivery!.signature, "whsec_another", delivery!.receivedAt),
    ).toThrow();

    // Delivered again with a signature made 301 s ago: stale.
    const before = receiver.received.length;
    const stale = await standIn.deliverAgain(succeeded.id, { signedAt: Math.floor(Date.now() / 1000) - 301 });
    expect(stale).toMatchObject({ eventId: succeeded.id, status: 200, redelivery: true });
    const staleDelivery = receiver.received[before]!;
    expect(() =>
      verifyWebhook(staleDelivery.payload, staleDelivery.signature, WEBHOOK_SECRET, staleDelivery.receivedAt),
    ).toThrow(/tolerance/);
    expect(() =>
      stripe.webhooks.constructEvent(staleDelivery.payload, staleDelivery.signature!, WEBHOOK_SECRET),
    ).toThrow(/tolerance/);
  });

  it("delivers an event again with the same id and body, and events of refunds", async () => {
    const intent = await paidIntent(2200);
    await stripe.refunds.create({ payment_intent: intent.id, amount: 200 });
    await standIn.idle();
    const succeeded = eventsOf(intent.id).find((event) => event.type === "payment_intent.succeeded")!;
    await standIn.deliverAgain(succeeded.id);
    const deliveries = receivedOf(succeeded.id);
    expect(deliveries).toHaveLength(2);
    expect(deliveries[1]!.payload).toBe(deliveries[0]!.payload);
    const replayed = verifyWebhook(deliveries[1]!.payload, deliveries[1]!.signature, WEBHOOK_SECRET);
    expect(replayed.id).toBe(succeeded.id);

    const charge = standIn.charges().find((entry) => entry.payment_intent === intent.id)!;
    const refunded = eventsOf(charge.id).find((event) => event.type === "charge.refunded")!;
    expect(refunded.data.object).toMatchObject({ amount_refunded: 200, refunded: false });
    const created = standIn
      .events()
      .find(
        (event) => event.type === "refund.created" && (event.data.object as Stripe.Refund).payment_intent === intent.id,
      );
    expect(created?.data.object).toMatchObject({ amount: 200 });
    expect(await stripe.events.retrieve(refunded.id)).toMatchObject({ id: refunded.id, type: "charge.refunded" });
    expect(await errorOf(otherAccount.events.retrieve(refunded.id))).toMatchObject({ statusCode: 404 });
  });

  it("retries an event its endpoint answered with a 5xx until it is taken", async () => {
    receiver.state.failNext = 2;
    const intent = await paidIntent(1300);
    await standIn.idle();
    const created = eventsOf(intent.id).find((event) => event.type === "payment_intent.created")!;
    expect(standIn.deliveries().filter((delivery) => delivery.eventId === created.id)).toMatchObject([
      { attempt: 1, status: 500 },
      { attempt: 2, status: 500 },
      { attempt: 3, status: 200 },
    ]);
    const posts = receivedOf(created.id);
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((post) => post.payload)).size).toBe(1);
  });

  it("runs as a process of its own (the demo's), posting to the webhook URL it is given", async () => {
    const { port } = receiver.server.address() as AddressInfo;
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(ROOT_DIR, "api/src/payments/standIn/main.ts")],
      {
        cwd: ROOT_DIR,
        env: {
          ...process.env,
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_STAND_IN_PORT: "0",
          STRIPE_STAND_IN_WEBHOOK_URL: `http://127.0.0.1:${port}/webhooks/stripe`,
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    try {
      const [url] = (await once(createInterface({ input: child.stdout }), "line")) as [string];
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const client = createStripeClient(stripeConfigFrom({ STRIPE_API_URL: url }), "sk_test_demo");
      const intent = await client.paymentIntents.create({
        amount: 1200,
        currency: "eur",
        payment_method: "pm_card_visa",
        confirm: true,
      });
      expect(intent.status).toBe("succeeded");
      // Its events reach the receiver, signed with the secret it was given.
      let succeeded: Received | undefined;
      while (!succeeded) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        succeeded = receiver.received.find((entry) => {
          const event = JSON.parse(entry.payload) as Stripe.Event;
          return event.type === "payment_intent.succeeded" && (event.data.object as { id: string }).id === intent.id;
        });
      }
      expect(verifyWebhook(succeeded.payload, succeeded.signature, WEBHOOK_SECRET).type).toBe(
        "payment_intent.succeeded",
      );
    } finally {
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      const [code] = (await exited) as [number | null];
      expect(code).toBe(0);
    }
  });
});
