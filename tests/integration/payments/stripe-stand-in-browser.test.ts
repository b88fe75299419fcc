import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeConfigFrom } from "../../../api/src/config.ts";
import { passesLuhn, startStripeStandIn, type StripeStandIn } from "../../../api/src/payments/standIn/index.ts";
import { createStripeClient } from "../../../api/src/payments/stripeClient.ts";

/**
 * The browser's side of the Stripe stand-in (what its Stripe.js and card frame call): PaymentMethods made from
 * test card numbers with a publishable key, taken by the real SDK's PaymentIntents; a PaymentIntent read and its
 * 3-D Secure step ended with its client secret; CORS; the script and the frame served. The script itself runs
 * in Chromium in tests/e2e/stripe-js-stand-in.test.ts.
 */
const SUFFIX = "browser_side_a";
const PUBLISHABLE = `pk_test_${SUFFIX}`;

interface StripeErrorBody {
  error: { type: string; code?: string; decline_code?: string; param?: string; message: string };
}

describe("Stripe stand-in, the browser's side", () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;
  let otherAccount: Stripe;

  const form = (fields: Record<string, string | number>) =>
    Object.entries(fields)
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
      .join("&");
  const asBrowser = (
    path: string,
    init: { method?: string; key?: string; body?: Record<string, string | number> } = {},
  ) =>
    fetch(`${standIn.url}${path}`, {
      method: init.method ?? (init.body ? "POST" : "GET"),
      headers: {
        Origin: "http://127.0.0.1:9",
        ...(init.key === "" ? {} : { Authorization: `Bearer ${init.key ?? PUBLISHABLE}` }),
        ...(init.body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
      body: init.body ? form(init.body) : undefined,
    });
  const card = (number: string, extra: Record<string, string | number> = {}) => ({
    type: "card",
    "card[number]": number,
    "card[exp_month]": 12,
    "card[exp_year]": new Date().getUTCFullYear() + 3,
    "card[cvc]": "123",
    ...extra,
  });
  const paymentMethodOf = async (number: string) => {
    const response = await asBrowser("/v1/payment_methods", { body: card(number) });
    expect(response.status).toBe(200);
    return (await response.json()) as Stripe.PaymentMethod;
  };
  const errorOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      return error as Stripe.errors.StripeError;
    }
    throw new Error("The request succeeded");
  };
  const payWith = (paymentMethod: string, client = stripe) =>
    client.paymentIntents.create({
      amount: 2500,
      currency: "eur",
      allowed_payment_method_types: ["card"],
      payment_method: paymentMethod,
      confirm: true,
    });

  beforeAll(async () => {
    standIn = await startStripeStandIn({ webhookSecret: "whsec_browser_side" });
    const config = stripeConfigFrom({ STRIPE_API_URL: standIn.url });
    stripe = createStripeClient(config, `sk_test_${SUFFIX}`);
    otherAccount = createStripeClient(config, "sk_test_browser_side_b");
  });

  afterAll(async () => {
    await standIn?.close();
  });

  it("answers a CORS preflight and allows the browser's calls from any origin", async () => {
    const preflight = await fetch(`${standIn.url}/v1/payment_methods`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
    const created = await asBrowser("/v1/payment_methods", { body: card("4242 4242 4242 4242") });
    expect(created.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("makes a PaymentMethod of a test card with the publishable key, owned by its secret key", async () => {
    const method = await paymentMethodOf("4242 4242 4242 4242");
    expect(method).toMatchObject({
      object: "payment_method",
      type: "card",
      livemode: false,
      card: { brand: "visa", last4: "4242", exp_month: 12, funding: "credit" },
    });
    expect(method.id).toMatch(/^pm_/);
    expect(JSON.stringify(method)).not.toContain("4242424242424242");
    expect((await stripe.paymentMethods.retrieve(method.id)).card?.last4).toBe("4242");
    expect(await errorOf(otherAccount.paymentMethods.retrieve(method.id))).toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
    // Another account's key cannot use it.
    expect(await errorOf(payWith(method.id, otherAccount))).toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
  });

  it("charges 4242… and 5555…, as pm_card_visa and pm_card_mastercard", async () => {
    const visa = await payWith((await paymentMethodOf("4242424242424242")).id);
    expect(visa.status).toBe("succeeded");
    const mastercard = await paymentMethodOf("5555555555554444");
    expect(mastercard.card).toMatchObject({ brand: "mastercard", last4: "4444" });
    const intent = await stripe.paymentIntents.create({ amount: 1800, currency: "eur" });
    const confirmed = await stripe.paymentIntents.confirm(intent.id, { payment_method: mastercard.id });
    expect(confirmed).toMatchObject({ status: "succeeded", amount_received: 1800 });
    const charge = standIn.charges().find((one) => one.id === confirmed.latest_charge)!;
    expect(charge.payment_method_details?.card).toMatchObject({ brand: "mastercard", last4: "4444", exp_month: 12 });
  });

  it("declines 4000…0002 and 4000…9995 (insufficient funds) at confirm", async () => {
    const declined = await errorOf(payWith((await paymentMethodOf("4000000000000002")).id));
    expect(declined).toMatchObject({ type: "StripeCardError", statusCode: 402, code: "card_declined" });
    expect(declined.decline_code).toBe("generic_decline");
    const poor = await errorOf(payWith((await paymentMethodOf("4000 0000 0000 9995")).id));
    expect(poor).toMatchObject({ code: "card_declined", decline_code: "insufficient_funds" });
  });

  it("asks 4000002500003155 for 3-D Secure, read and passed with the client secret and the publishable key", async () => {
    const method = await paymentMethodOf("4000002500003155");
    expect(method.card?.last4).toBe("3155");
    const intent = await payWith(method.id);
    expect(intent.status).toBe("requires_action");
    const secret = intent.client_secret!;

    const read = await asBrowser(`/v1/payment_intents/${intent.id}?client_secret=${encodeURIComponent(secret)}`);
    expect(read.status).toBe(200);
    const shown = (await read.json()) as Record<string, unknown>;
    expect(shown).toMatchObject({ id: intent.id, status: "requires_action", amount: 2500, currency: "eur" });
    expect(shown).not.toHaveProperty("metadata");
    expect(shown).not.toHaveProperty("latest_charge");

    const wrongSecret = await asBrowser(`/v1/payment_intents/${intent.id}?client_secret=${intent.id}_secret_nope`);
    expect(wrongSecret.status).toBe(404);
    const noSecret = await asBrowser(`/v1/payment_intents/${intent.id}`);
    expect(((await noSecret.json()) as StripeErrorBody).error.param).toBe("client_secret");
    const otherKey = await asBrowser(`/v1/payment_intents/${intent.id}/authenticate`, {
      key: "pk_test_browser_side_b",
      body: { client_secret: secret, outcome: "succeed" },
    });
    expect(otherKey.status).toBe(404);

    const passed = await asBrowser(`/v1/payment_intents/${intent.id}/authenticate`, {
      body: { client_secret: secret, outcome: "succeed" },
    });
    expect(passed.status).toBe(200);
    expect(((await passed.json()) as { status: string }).status).toBe("succeeded");
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("succeeded");
    const again = await asBrowser(`/v1/payment_intents/${intent.id}/authenticate`, {
      body: { client_secret: secret, outcome: "succeed" },
    });
    expect(((await again.json()) as StripeErrorBody).error.code).toBe("payment_intent_unexpected_state");
    expect(standIn.charges().filter((charge) => charge.payment_intent === intent.id)).toHaveLength(1);
  });

  it("fails a 3-D Secure step: the intent asks for another payment method, nothing charged", async () => {
    const intent = await payWith((await paymentMethodOf("4000002500003155")).id);
    const failed = await asBrowser(`/v1/payment_intents/${intent.id}/authenticate`, {
      body: { client_secret: intent.client_secret!, outcome: "fail" },
    });
    const body = (await failed.json()) as { status: string; last_payment_error: { code: string } };
    expect(body.status).toBe("requires_payment_method");
    expect(body.last_payment_error.code).toBe("payment_intent_authentication_failure");
    expect(standIn.charges().filter((charge) => charge.payment_intent === intent.id)).toHaveLength(0);
  });

  it("refuses card errors as Stripe words them, and the publishable key anywhere else", async () => {
    const codeOf = async (fields: Record<string, string | number>) => {
      const response = await asBrowser("/v1/payment_methods", { body: fields });
      return { status: response.status, ...((await response.json()) as StripeErrorBody).error };
    };
    expect(await codeOf(card("4242424242424241"))).toMatchObject({
      status: 402,
      type: "card_error",
      code: "incorrect_number",
      param: "card[number]",
    });
    expect(await codeOf(card("4242424242424242", { "card[exp_month]": 13 }))).toMatchObject({
      code: "invalid_expiry_month",
    });
    expect(await codeOf(card("4242424242424242", { "card[exp_year]": 2001 }))).toMatchObject({
      code: "invalid_expiry_year",
    });
    expect(await codeOf(card("4242424242424242", { "card[cvc]": "12" }))).toMatchObject({ code: "invalid_cvc" });
    // A real card number (it passes Luhn) in test mode.
    expect(await codeOf(card("4111111111111111"))).toMatchObject({
      code: "card_declined",
      decline_code: "test_mode_live_card",
    });
    expect(await codeOf({ type: "card" })).toMatchObject({ status: 400, code: "parameter_missing", param: "card" });
    expect(await codeOf({ ...card("4242424242424242"), colour: "red" })).toMatchObject({ code: "parameter_unknown" });

    const noKey = await asBrowser("/v1/payment_methods", { key: "", body: card("4242424242424242") });
    expect(noKey.status).toBe(401);
    const liveKey = await asBrowser("/v1/payment_methods", { key: "pk_live_nope", body: card("4242424242424242") });
    expect(liveKey.status).toBe(401);
    const intent = await asBrowser("/v1/payment_intents", { body: { amount: 1000, currency: "eur" } });
    expect(intent.status).toBe(401);
    expect(((await intent.json()) as StripeErrorBody).error.message).toContain("publishable API key");
    const refund = await asBrowser("/v1/refunds", { body: { payment_intent: "pi_x" } });
    expect(refund.status).toBe(401);
  });

  it("serves Stripe.js and the card element's frame", async () => {
    const script = await fetch(`${standIn.url}/v3/stripe.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toContain("javascript");
    const source = await script.text();
    for (const name of ["createPaymentMethod", "handleNextAction", "elements", "Complete authentication"]) {
      expect(source).toContain(name);
    }
    expect(() => new Function(source)).not.toThrow();
    const frame = await fetch(`${standIn.url}/v3/elements/card`);
    expect(frame.headers.get("content-type")).toContain("text/html");
    const html = await frame.text();
    expect(html).toContain('autocomplete="cc-number"');
    expect(html).toMatch(/<label for="number"/);
  });

  it("checks card numbers with Luhn's checksum", () => {
    for (const number of ["4242424242424242", "5555555555554444", "4000002500003155", "378282246310005"]) {
      expect(passesLuhn(number)).toBe(true);
    }
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("42")).toBe(false);
  });
});
