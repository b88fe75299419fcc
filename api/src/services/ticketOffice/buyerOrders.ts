import type { BuyerPayBody } from "@tessera/shared/schemas/ticketOffice";
import type { ValidationIssue } from "@tessera/shared";
import { AppError } from "../../errors.ts";
import type { Event } from "../../models/Event.ts";
import { Invoice } from "../../models/Invoice.ts";
import { Order } from "../../models/Order.ts";
import { TicketingParams } from "../../models/TicketingParams.ts";
import { buyerInvoicePdf, invoiceFileName, renderInvoicePdf, type InvoiceDownload } from "../invoicing/index.ts";
import { queueOrderDocuments } from "../orders/orderDocuments.ts";
import { orderView, type OrderView } from "../orders/orderView.ts";
import { confirmCardPayment, payOrder, type PayOutcome } from "../orders/payment.ts";
import { signedInGuest } from "../portal/signedInGuest.ts";
import { eventOfSlug } from "../portal/signIn.ts";
import type { Scope } from "../scope.ts";
import { isOfficeOpen } from "./office.ts";
import { isOrderSecret, orderSecret } from "./orderSecret.ts";
import { accountPaymentContext, cardSetupOf, stripeConfigFor } from "../orders/stripeKeys.ts";

/*
 * An order as its buyer reaches it (issue 14 item 3, spec §2 "order payment step", guest "my orders"): by its
 * secret link (the order's id and a secret derived from it: orderSecret.ts), or signed in to the event's portal.
 * A wrong secret is answered as an unknown order (404); an order is only ever found within the event of the slug.
 * Paying goes through the organizer's pipeline (payment.ts) with the Stripe keys of the event's account for the
 * order's mode.
 */

export interface BuyerOrderView {
  event: Event;
  view: OrderView;
  params: TicketingParams | undefined;
  /** How it may be paid now, and the card form's configuration when by card. */
  paymentMethods: TicketingParams["paymentMethods"];
  card: { publishableKey: string; stripeJsUrl: string } | null;
  /** The payment step's path on the guest site, and each document's download path for this buyer. */
  payPath: string;
  invoiceUrl: (invoiceId: string) => string;
}

const eventPath = (event: Pick<Event, "slug">) => encodeURIComponent(event.slug);

/** The guest site's payment step of an order (web/src/screens/public/guestPaths.ts shape, English prefix). */
export function payPathOf(serverSecret: string, event: Pick<Event, "slug">, orderId: string): string {
  return `/${eventPath(event)}/orders/${orderId}/${orderSecret(serverSecret, orderId)}`;
}

async function buyerView(
  scope: Scope,
  event: Event,
  order: Order,
  invoiceUrl: (invoiceId: string) => string,
): Promise<BuyerOrderView> {
  const params = await TicketingParams.query(scope.db).findOne({ eventId: event.id });
  const payable = order.status === "in_cart" && isOfficeOpen(params, scope.clock.now());
  const paymentMethods = payable ? (params?.paymentMethods ?? []) : [];
  const card = paymentMethods.includes("card")
    ? cardSetupOf(await stripeConfigFor(scope, event.accountId, order.mode))
    : null;
  return {
    event,
    view: await orderView(scope.db, order, false),
    params,
    paymentMethods,
    card,
    payPath: payPathOf(scope.deps.config.secret, event, order.id),
    invoiceUrl,
  };
}

/** The order of the event its secret link names; 404 for an unknown order, another event's, or a wrong secret. */
async function orderBySecret(scope: Scope, slug: string, orderId: string, secret: string) {
  const event = await eventOfSlug(scope.db, slug);
  const order = await Order.query(scope.db).findOne({ id: orderId, eventId: event.id });
  if (!order || !isOrderSecret(scope.deps.config.secret, order.id, secret)) throw AppError.notFound();
  return { event, order };
}

const secretInvoiceUrl = (event: Pick<Event, "slug">, orderId: string, secret: string) => (invoiceId: string) =>
  `/api/v1/public/events/${eventPath(event)}/orders/${orderId}/${secret}/invoices/${invoiceId}`;

export async function getBuyerOrder(scope: Scope, slug: string, orderId: string, secret: string) {
  const { event, order } = await orderBySecret(scope, slug, orderId, secret);
  return buyerView(scope, event, order, secretInvoiceUrl(event, order.id, secret));
}

/** Issues of the pipeline named as the payment payload names its fields. */
const PAYLOAD_FIELDS: Record<string, string> = { paymentMethodId: "payment_method_id", "billing.siret": "siret" };

function asPayloadIssues(error: unknown): never {
  if (error instanceof AppError && error.options.issues) {
    const issues: ValidationIssue[] = error.options.issues.map((issue) => ({
      ...issue,
      field: PAYLOAD_FIELDS[issue.field] ?? issue.field,
    }));
    throw new AppError(error.code, error.status, { ...error.options, issues });
  }
  throw error;
}

/**
 * Spec §3 payment payload from the buyer's payment step: by card (Stripe.js's PaymentMethod; after 3-D Secure,
 * the intent to settle), or awaiting a transfer or a payment at the desk. Terms, SIRET and the methods offered
 * are the pipeline's checks; asking again never charges twice.
 */
export async function payBuyerOrder(
  scope: Scope,
  slug: string,
  orderId: string,
  secret: string,
  body: BuyerPayBody,
): Promise<{ outcome: PayOutcome; order: BuyerOrderView }> {
  const { event, order } = await orderBySecret(scope, slug, orderId, secret);
  const context = await accountPaymentContext(scope, event.accountId, order.mode);
  const outcome = await (
    body.payment_intent_id
      ? confirmCardPayment(context, event.id, order.id, body.payment_intent_id)
      : payOrder(context, event.id, order.id, {
          method: body.method,
          termsAccepted: body.termsAccepted,
          billing: {
            name: body.name,
            address: body.address,
            zip: body.zip,
            city: body.city,
            isCompany: body.isCompany,
            siret: body.siret ?? null,
          },
          paymentMethodId: body.payment_method_id ?? null,
        })
  ).catch(asPayloadIssues);
  if (outcome.status === "completed") await queueOrderDocuments(scope.deps, order.id);
  const after = await Order.query(scope.db).findById(order.id).throwIfNotFound();
  return { outcome, order: await buyerView(scope, event, after, secretInvoiceUrl(event, order.id, secret)) };
}

function download(scope: Scope, invoice: Invoice): InvoiceDownload {
  try {
    return { body: renderInvoicePdf(invoice, scope.language), fileName: invoiceFileName(invoice) };
  } catch (error) {
    scope.logger.error({ err: (error as Error).cause ?? error, invoiceId: invoice.id }, "invoice PDF failed");
    throw error;
  }
}

/** An invoice or credit note of the order its secret link names, in the request's language; 404 for another's. */
export async function buyerOrderInvoicePdf(
  scope: Scope,
  slug: string,
  orderId: string,
  secret: string,
  invoiceId: string,
): Promise<InvoiceDownload> {
  const { event, order } = await orderBySecret(scope, slug, orderId, secret);
  const invoice = await Invoice.query(scope.db).findOne({ id: invoiceId, orderId: order.id, eventId: event.id });
  if (!invoice) throw AppError.notFound();
  return download(scope, invoice);
}

/** The signed-in guest's orders in the event as buyer, newest first, expired carts left out. 401 without a session. */
export async function portalOrders(scope: Scope, slug: string, token: string | null): Promise<BuyerOrderView[]> {
  const { event, guest } = await signedInGuest(scope, slug, token);
  const now = scope.clock.now().toISOString();
  const orders = await Order.query(scope.db)
    .where({ eventId: event.id, guestId: guest.id })
    // A cart whose hold ended, never paid, is gone from the buyer's list.
    .whereNot((cart) =>
      cart
        .where("status", "in_cart")
        .where((hold) => hold.whereNull("holdExpiresAt").orWhere("holdExpiresAt", "<=", now)),
    )
    .orderBy([
      { column: "orderedAt", order: "desc" },
      { column: "createdAt", order: "desc" },
      { column: "id", order: "desc" },
    ]);
  const invoiceUrl = (invoiceId: string) => `/api/v1/public/events/${eventPath(event)}/portal/invoices/${invoiceId}`;
  const views: BuyerOrderView[] = [];
  for (const order of orders) views.push(await buyerView(scope, event, order, invoiceUrl));
  return views;
}

/** A document of one of the signed-in guest's orders; 404 for another guest's. */
export async function portalInvoicePdf(
  scope: Scope,
  slug: string,
  token: string | null,
  invoiceId: string,
): Promise<InvoiceDownload> {
  const { event, guest } = await signedInGuest(scope, slug, token);
  return buyerInvoicePdf(scope, { eventId: event.id, guestId: guest.id }, invoiceId);
}
