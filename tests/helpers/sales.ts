import type { StripeConfig } from "../../api/src/config.ts";
import type { Db } from "../../api/src/db/knex.ts";
import type { Event } from "../../api/src/models/Event.ts";
import type { Ticket } from "../../api/src/models/Ticket.ts";
import { startStripeStandIn, type StripeStandIn } from "../../api/src/payments/standIn/index.ts";
import type { PaymentContext } from "../../api/src/services/orders/payment.ts";
import { buildEvent } from "./events.ts";
import { buildAccount } from "./factories.ts";
import { buildGuests } from "./guests.ts";
import { buildTicket, writeTicketingParams } from "./orders.ts";
import type { TestServer } from "./server.ts";

export const STAND_IN_SECRET_KEY = "sk_test_orders_suite";
export const STAND_IN_WEBHOOK_SECRET = "whsec_orders_suite_secret";

/** An event selling one ticket (`places` of them, unlimited when null) to `guests` guests, its ticket office open. */
export async function salesEvent(
  db: Db,
  options: { places: number | null; guests: number; ticket?: Partial<Ticket> & { priceInclTaxCents?: number } },
): Promise<{ event: Event; ticket: Ticket; guestIds: string[] }> {
  const account = await buildAccount(db);
  const event = await buildEvent(db, account.id);
  const ticket = await buildTicket(db, event, { maxQuantity: options.places, ...options.ticket });
  await writeTicketingParams(db, event, {
    terms: "Terms of sale",
    paymentMethods: ["card", "transfer", "desk"],
    salesStartedAt: new Date().toISOString(),
  });
  const guestIds = await buildGuests(db, event, options.guests);
  return { event, ticket, guestIds };
}

/** The Stripe stand-in, and the payment context of the order services talking to it. */
export async function paymentsOnStandIn(
  db: Db,
  options: { webhookUrl?: string; now?: () => Date } = {},
): Promise<{ standIn: StripeStandIn; stripe: StripeConfig; context: PaymentContext }> {
  const standIn = await startStripeStandIn({ webhookSecret: STAND_IN_WEBHOOK_SECRET, webhookUrl: options.webhookUrl });
  const stripe: StripeConfig = {
    apiUrl: standIn.url,
    secretKey: STAND_IN_SECRET_KEY,
    webhookSecret: STAND_IN_WEBHOOK_SECRET,
  };
  return { standIn, stripe, context: { db, stripe, now: options.now ?? (() => new Date()) } };
}

/**
 * The stand-in as the server's own Stripe account (STRIPE_API_URL, STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY), for
 * suites that pay through the API's routes.
 */
export async function serverPaysOnStandIn(server: TestServer, publishableKey: string): Promise<StripeStandIn> {
  const { standIn } = await paymentsOnStandIn(server.db);
  Object.assign(server.config.stripe, { apiUrl: standIn.url, secretKey: STAND_IN_SECRET_KEY, publishableKey });
  return standIn;
}

/** The billing and terms of the buyer's payment step (spec §3 payment payload, less the method). */
export const BUYER_BILLING = {
  termsAccepted: true,
  name: "Inès Martin",
  address: "3 rue Oberkampf",
  zip: "75011",
  city: "Paris",
  isCompany: false,
};

export const CARD_BUYER = {
  method: "card" as const,
  termsAccepted: true,
  paymentMethodId: "pm_card_visa",
  billing: { name: "Inès Martin", address: "3 rue Oberkampf", zip: "75011", city: "Paris", isCompany: false },
};
