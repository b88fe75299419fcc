import { STRIPE_WEBHOOK_SECRET_PATTERN } from "../../config.ts";
import { startStripeStandIn } from "./index.ts";

/**
 * The Stripe stand-in as a process of its own, for the demo and local development:
 *   STRIPE_WEBHOOK_SECRET=whsec_… [STRIPE_STAND_IN_WEBHOOK_URL=http://localhost:3000/…] \
 *   [STRIPE_STAND_IN_PORT=12111] node --import tsx api/src/payments/standIn/main.ts
 * then run the API with STRIPE_API_URL set to the address printed on the first line of stdout, the same
 * STRIPE_WEBHOOK_SECRET and any sk_test_… key. Stops on SIGINT or SIGTERM.
 */
const secret = process.env.STRIPE_WEBHOOK_SECRET?.trim();
if (!secret || !STRIPE_WEBHOOK_SECRET_PATTERN.test(secret)) {
  console.error('STRIPE_WEBHOOK_SECRET must be a webhook signing secret ("whsec_…")');
  process.exit(2);
}
const rawPort = process.env.STRIPE_STAND_IN_PORT ?? "12111";
const port = Number(rawPort);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`STRIPE_STAND_IN_PORT must be a port number, got "${rawPort}"`);
  process.exit(2);
}
const webhookUrl = process.env.STRIPE_STAND_IN_WEBHOOK_URL?.trim() || undefined;
if (webhookUrl && !/^https?:\/\//.test(webhookUrl)) {
  console.error(`STRIPE_STAND_IN_WEBHOOK_URL must be an http(s) URL, got "${webhookUrl}"`);
  process.exit(2);
}

const standIn = await startStripeStandIn({ webhookSecret: secret, webhookUrl, port });
process.stdout.write(`${standIn.url}\n`);
const stop = () => {
  void standIn.close().then(() => process.exit(0));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
