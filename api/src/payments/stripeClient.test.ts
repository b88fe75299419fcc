import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { stripeConfigFrom } from "../config.ts";
import { createStripeClient, verifyWebhook, WebhookVerificationError } from "./stripeClient.ts";

const SECRET = "whsec_unit_test_secret";
const NOW = new Date("2026-11-27T12:00:00Z");
const nowSeconds = NOW.getTime() / 1000;
const payload = JSON.stringify({
  id: "evt_unit",
  object: "event",
  type: "payment_intent.succeeded",
  data: { object: {} },
});

function header(options: { timestamp?: number; secret?: string; body?: string } = {}): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload: options.body ?? payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? nowSeconds,
  });
}

describe("verifyWebhook", () => {
  it("returns the event of a payload signed with the endpoint's secret", () => {
    const event = verifyWebhook(payload, header(), SECRET, NOW);
    expect(event.id).toBe("evt_unit");
    expect(event.type).toBe("payment_intent.succeeded");
    expect(verifyWebhook(Buffer.from(payload), header(), SECRET, NOW).id).toBe("evt_unit");
  });

  it("takes a signature made exactly 300 s before now, refuses one made 301 s before", () => {
    expect(verifyWebhook(payload, header({ timestamp: nowSeconds - 300 }), SECRET, NOW).id).toBe("evt_unit");
    expect(() => verifyWebhook(payload, header({ timestamp: nowSeconds - 301 }), SECRET, NOW)).toThrow(/tolerance/);
  });

  it("refuses a timestamp more than 300 s ahead of now", () => {
    expect(verifyWebhook(payload, header({ timestamp: nowSeconds + 300 }), SECRET, NOW).id).toBe("evt_unit");
    expect(() => verifyWebhook(payload, header({ timestamp: nowSeconds + 301 }), SECRET, NOW)).toThrow(
      WebhookVerificationError,
    );
  });

  it("refuses a tampered payload, another secret, a header signed for another body", () => {
    const tampered = payload.replace("payment_intent.succeeded", "payment_intent.canceled");
    expect(() => verifyWebhook(tampered, header(), SECRET, NOW)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(payload, header({ secret: "whsec_another" }), SECRET, NOW)).toThrow(
      WebhookVerificationError,
    );
    expect(() => verifyWebhook(payload, header({ body: "{}" }), SECRET, NOW)).toThrow(WebhookVerificationError);
  });

  it("refuses a missing, repeated, timestamp-less or v0-only header", () => {
    const good = header();
    const v1 = good.split(",")[1]!;
    for (const bad of [undefined, "", [good, good], `${v1}`, `t=${nowSeconds},v0=${v1.slice(3)}`, `t=x,${v1}`]) {
      expect(() => verifyWebhook(payload, bad, SECRET, NOW)).toThrow(WebhookVerificationError);
    }
    expect(() => verifyWebhook(payload, `t=${nowSeconds},t=${nowSeconds},${v1}`, SECRET, NOW)).toThrow(
      WebhookVerificationError,
    );
  });

  it("takes a header holding several v1 signatures when one of them matches (a secret being rolled)", () => {
    const other = header({ secret: "whsec_old" }).split(",")[1]!;
    expect(verifyWebhook(payload, `${header()},${other}`, SECRET, NOW).id).toBe("evt_unit");
  });
});

describe("Stripe configuration", () => {
  it("reads STRIPE_API_URL as an origin, and the keys", () => {
    expect(stripeConfigFrom({})).toEqual({
      apiUrl: null,
      secretKey: null,
      webhookSecret: null,
      publishableKey: null,
      jsUrl: "https://js.stripe.com/v3/",
    });
    expect(
      stripeConfigFrom({
        STRIPE_API_URL: "http://127.0.0.1:12111/",
        STRIPE_SECRET_KEY: "sk_test_abc",
        STRIPE_WEBHOOK_SECRET: "whsec_abc",
        STRIPE_PUBLISHABLE_KEY: "pk_test_abc",
        STRIPE_JS_URL: "http://127.0.0.1:12111/js/v3/",
      }),
    ).toEqual({
      apiUrl: "http://127.0.0.1:12111",
      secretKey: "sk_test_abc",
      webhookSecret: "whsec_abc",
      publishableKey: "pk_test_abc",
      jsUrl: "http://127.0.0.1:12111/js/v3/",
    });
  });

  it.each([
    ["STRIPE_API_URL", "127.0.0.1:12111"],
    ["STRIPE_API_URL", "ftp://127.0.0.1"],
    ["STRIPE_API_URL", "http://127.0.0.1:12111/v1"],
    ["STRIPE_API_URL", "http://user:pass@127.0.0.1"],
    ["STRIPE_SECRET_KEY", "pk_test_abc"],
    ["STRIPE_WEBHOOK_SECRET", "abc"],
    ["STRIPE_PUBLISHABLE_KEY", "sk_test_abc"],
    ["STRIPE_JS_URL", "js.stripe.com/v3/"],
  ])("refuses %s=%s", (name, value) => {
    expect(() => stripeConfigFrom({ [name]: value })).toThrow(name);
  });

  it("points the client at STRIPE_API_URL, and needs a key", () => {
    const client = createStripeClient(stripeConfigFrom({ STRIPE_API_URL: "http://127.0.0.1:12111" }), "sk_test_x");
    expect(client.getApiField("host")).toBe("127.0.0.1");
    expect(client.getApiField("port")).toBe("12111");
    expect(client.getApiField("protocol")).toBe("http");
    expect(() => createStripeClient(stripeConfigFrom({}))).toThrow(/STRIPE_SECRET_KEY/);
  });
});
