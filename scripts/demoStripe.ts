import { randomBytes } from "node:crypto";
import { startStripeStandIn, type StripeStandIn } from "../api/src/payments/standIn/index.ts";

const DEMO_SECRET_KEY = "sk_test_tessera_demo";
const DEMO_PUBLISHABLE_KEY = "pk_test_tessera_demo";

/**
 * The demo's card payments, when no Stripe account is configured: the local Stripe stand-in (test mode, Stripe's
 * test cards such as 4242 4242 4242 4242) in this process, its address and keys put in the environment before the
 * configuration is read, and its webhooks posted to this server. Null when STRIPE_API_URL or STRIPE_SECRET_KEY
 * is set (a real account or a stand-in of one's own is used), or TESSERA_DEMO_STRIPE=0.
 */
export async function startDemoStripe(env: NodeJS.ProcessEnv, publicUrl: string): Promise<StripeStandIn | null> {
  if (env.TESSERA_DEMO_STRIPE === "0" || env.STRIPE_API_URL?.trim() || env.STRIPE_SECRET_KEY?.trim()) return null;
  const webhookSecret = `whsec_demo${randomBytes(16).toString("hex")}`;
  const standIn = await startStripeStandIn({
    webhookSecret,
    webhookUrl: `${publicUrl}/api/v1/payments/stripe/webhook`,
  });
  Object.assign(env, {
    STRIPE_API_URL: standIn.url,
    STRIPE_SECRET_KEY: DEMO_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: DEMO_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_JS_URL: `${standIn.url}/v3/stripe.js`,
  });
  return standIn;
}
