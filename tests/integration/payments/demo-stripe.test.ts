import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { stripeConfigFrom } from "../../../api/src/config.ts";
import type { StripeStandIn } from "../../../api/src/payments/standIn/index.ts";
import { createStripeClient, verifyWebhook } from "../../../api/src/payments/stripeClient.ts";
import { startDemoStripe } from "../../../scripts/demoStripe.ts";

/**
 * `npm start`'s card payments without a Stripe account: the stand-in started in the process, its address and
 * keys in the environment the configuration reads, a test card paid through it, and its webhooks posted, signed
 * with the environment's secret, to the server's endpoint. A configured account (or a stand-in of one's own)
 * wins.
 */
describe("the demo's Stripe stand-in", () => {
  const started: StripeStandIn[] = [];
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(started.map((standIn) => standIn.close()));
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it("puts its keys in the environment, takes a test card and posts the signed event to the server's webhook", async () => {
    const posted: { path: string; payload: string; signature: string }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        posted.push({
          path: req.url ?? "",
          payload: Buffer.concat(chunks).toString("utf8"),
          signature: String(req.headers["stripe-signature"]),
        });
        res.end("{}");
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const env: NodeJS.ProcessEnv = {};
    const standIn = await startDemoStripe(env, publicUrl);
    expect(standIn).not.toBeNull();
    started.push(standIn!);
    const config = stripeConfigFrom(env);
    expect(config).toMatchObject({ apiUrl: standIn!.url, jsUrl: `${standIn!.url}/v3/stripe.js` });
    expect(config.publishableKey).toMatch(/^pk_test_/);
    expect(config.secretKey).toMatch(/^sk_test_/);

    // The browser's part: a PaymentMethod from the test card, made with the publishable key.
    const made = await fetch(`${standIn!.url}/v1/payment_methods`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${config.publishableKey}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: `type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=${new Date().getUTCFullYear() + 2}&card[cvc]=123`,
    });
    expect(made.status).toBe(200);
    const { id: paymentMethod } = (await made.json()) as { id: string };
    const intent = await createStripeClient(config).paymentIntents.create({
      amount: 4_200,
      currency: "eur",
      payment_method: paymentMethod,
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
    });
    expect(intent.status).toBe("succeeded");

    await standIn!.idle();
    const succeeded = posted.find((post) => post.payload.includes('"payment_intent.succeeded"'));
    expect(succeeded?.path).toBe("/api/v1/payments/stripe/webhook");
    const event = verifyWebhook(succeeded!.payload, succeeded!.signature, config.webhookSecret!);
    expect(event.data.object).toMatchObject({ id: intent.id });
  });

  it("stays off when a Stripe account or another stand-in is configured, or when asked", async () => {
    expect(await startDemoStripe({ STRIPE_SECRET_KEY: "sk_test_own" }, "http://127.0.0.1:9")).toBeNull();
    expect(await startDemoStripe({ STRIPE_API_URL: "http://127.0.0.1:12111" }, "http://127.0.0.1:9")).toBeNull();
    expect(await startDemoStripe({ TESSERA_DEMO_STRIPE: "0" }, "http://127.0.0.1:9")).toBeNull();
  });
});
