import { randomUUID } from "node:crypto";
import type { ValidationIssue } from "@tessera/shared";
import type { TicketingPaymentMethod } from "@tessera/shared/schemas/ticketingBilling";
import type Stripe from "stripe";
import type { StripeConfig } from "../../config.ts";
import { isPostgres } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Order } from "../../models/Order.ts";
import { Payment } from "../../models/Payment.ts";
import type { AppDeps, Scope } from "../scope.ts";
import { billingColumns, siretIssue } from "./billing.ts";
import { sendRefund } from "./refundSending.ts";
import {
  cartKeepsPlaces,
  countOrderPlaces,
  lockOrderWithParams,
  patchRow,
  patchStatement,
  settleCardPayment,
  type Settlement,
} from "./settle.ts";
import { isFinalStripeRefusal, stripeFor } from "./stripeAccess.ts";

/** How long a card payment under way keeps the cart's places (3-D Secure included). */
export const PAYMENT_HOLD_MINUTES = 15;

export interface PaymentContext {
  db: Knex;
  stripe: StripeConfig;
  now: () => Date;
}

/** What the payment services need of a scope (or of the app's deps) to reach Stripe. */
export const paymentContextOf = (
  scope: Pick<Scope, "db" | "clock"> & { deps: Pick<AppDeps, "config"> },
): PaymentContext => ({
  db: scope.db,
  stripe: scope.deps.config.stripe,
  now: () => scope.clock.now(),
});

export interface Billing {
  name: string;
  address: string;
  zip: string;
  city: string;
  isCompany: boolean;
  siret?: string | null;
}

export interface PayRequest {
  method: TicketingPaymentMethod;
  termsAccepted: boolean;
  billing: Billing;
  phone?: string | null;
  /** A card's PaymentMethod made by Stripe Elements in the browser ("pm_…"): the card never reaches us. */
  paymentMethodId?: string | null;
}

export type PayOutcome =
  { status: "completed" | "awaiting_payment" | "cancelled" } | { status: "requires_action"; clientSecret: string };

/** Fault injection for the crash tests: runs after Stripe answered, before that answer is committed. */
export interface PaymentTestHooks {
  afterStripeCall?: () => void;
}

function checkRequest(request: PayRequest): void {
  const issues: ValidationIssue[] = [];
  if (!request.termsAccepted) issues.push({ field: "termsAccepted", code: "terms_required" });
  const siret = siretIssue(request.billing.isCompany, request.billing.siret, "billing.siret");
  if (siret) issues.push(siret);
  if (request.method === "card" && !request.paymentMethodId)
    issues.push({ field: "paymentMethodId", code: "required" });
  if (issues.length) throw AppError.invalid(issues);
}

interface Prepared {
  done?: PayOutcome;
  payment?: Payment;
  order?: Order;
}

/** Checks and writes everything before Stripe is called: billing, terms, the hold, and the payment row. */
async function prepare(
  context: PaymentContext,
  eventId: string,
  orderId: string,
  request: PayRequest,
): Promise<Prepared> {
  const now = context.now();
  return context.db.transaction(async (trx) => {
    const { order, params } = await lockOrderWithParams(trx, eventId, orderId);
    if (order.status === "completed" || order.status === "awaiting_payment") return { done: { status: order.status } };
    if (order.status !== "in_cart") throw new AppError("order_action_not_allowed", 409);
    if (!params || params.ticketOffice !== "opened") throw new AppError("ticket_office_closed", 409);
    if (!params.paymentMethods.includes(request.method)) throw new AppError("payment_method_unavailable", 409);
    if (!(await cartKeepsPlaces(trx, order, now))) throw new AppError("ticket_unavailable", 409);
    const billingFields = {
      ...billingColumns(order, request.billing, "billing.siret"),
      phone: request.phone ?? null,
      termsAcceptedAt: now,
    };
    if (order.totalInclTaxCents === 0 || request.method !== "card") {
      const status = order.totalInclTaxCents === 0 ? "completed" : "awaiting_payment";
      await countOrderPlaces(trx, order.id, 1);
      await Order.query(trx)
        .findById(order.id)
        .patch({
          ...billingFields,
          status,
          paymentMethod: order.totalInclTaxCents === 0 ? "free" : request.method,
          holdExpiresAt: null,
          orderedAt: now,
        });
      return { done: { status } };
    }
    const billed = {
      ...billingFields,
      holdExpiresAt: new Date(
        Math.max(order.holdExpiresAt?.getTime() ?? 0, now.getTime() + PAYMENT_HOLD_MINUTES * 60_000),
      ),
    };
    // A payment asked again with the same card and amount reuses its row, so Stripe sees the same Idempotency-Key.
    const openPayment = trx("payments")
      .where({ orderId, provider: "stripe", amountCents: order.totalInclTaxCents })
      .where({ providerMethodId: request.paymentMethodId! })
      .whereIn("status", ["pending", "requires_action"]);
    const createdAt = new Date();
    const payment = Payment.fromJson({
      id: randomUUID(),
      orderId,
      provider: "stripe",
      mode: order.mode,
      status: "pending",
      intentId: null,
      providerMethodId: request.paymentMethodId!,
      amountCents: order.totalInclTaxCents,
      capturedCents: 0,
      refundedCents: 0,
      failureCode: null,
      createdAt,
      updatedAt: createdAt,
    });
    if (await billAndInsertPayment(trx, order.id, billed, payment, openPayment)) return { payment, order };
    const open = (await openPayment.first()) as Record<string, unknown>;
    return { payment: Payment.fromDatabaseJson(open), order };
  });
}

/**
 * Writes the order's billing and inserts `payment` unless `openPayment` finds one: on PostgreSQL in one statement
 * (the order's update in a WITH; both see every payment committed before the order was locked). Whether it was
 * inserted.
 */
async function billAndInsertPayment(
  trx: Knex.Transaction,
  orderId: string,
  billed: Record<string, unknown>,
  payment: Payment,
  openPayment: Knex.QueryBuilder,
): Promise<boolean> {
  const row = payment.$toDatabaseJson();
  if (!isPostgres(trx as unknown as Knex)) {
    await patchRow(trx, "orders", orderId, billed);
    if (await openPayment.clone().first("id")) return false;
    await trx("payments").insert(row);
    return true;
  }
  const columns = Object.keys(row);
  const result = (await trx.raw(
    `with billed as (?) insert into ?? (${columns.map(() => "??").join(", ")}) ` +
      `select ${columns.map(() => "?").join(", ")} where not exists (?) returning ??`,
    [
      patchStatement(trx, "orders", orderId, billed),
      "payments",
      ...columns,
      ...Object.values(row),
      openPayment.clone().select("id"),
      "id",
    ],
  )) as { rows: unknown[] };
  return result.rows.length === 1;
}

/** Creates (or, with the same key, finds again) the payment's PaymentIntent, confirmed with its card. */
export function createIntent(
  config: StripeConfig,
  payment: Payment,
  order: Pick<Order, "id" | "eventId" | "currency">,
) {
  return stripeFor(config).paymentIntents.create(
    {
      amount: payment.amountCents,
      currency: order.currency.toLowerCase(),
      payment_method: payment.providerMethodId!,
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
      metadata: { orderId: order.id, eventId: order.eventId, paymentId: payment.id },
    },
    { idempotencyKey: `payment-${payment.id}` },
  );
}

/** What Stripe said about a payment's intent, committed; then a late payment's refund is sent. */
export async function recordIntent(
  context: PaymentContext,
  paymentId: string,
  intent: Pick<Stripe.PaymentIntent, "id" | "status" | "amount_received" | "client_secret">,
): Promise<PayOutcome> {
  let settlement: Settlement | null = null;
  const outcome = await context.db.transaction(async (trx): Promise<PayOutcome> => {
    if (intent.status === "succeeded") {
      settlement = await settleCardPayment(
        trx,
        paymentId,
        { id: intent.id, amountReceived: intent.amount_received },
        context.now(),
      );
      return { status: settlement?.outcome === "completed" ? "completed" : "cancelled" };
    }
    const status =
      intent.status === "requires_action" ? "requires_action" : intent.status === "canceled" ? "cancelled" : "pending";
    await Payment.query(trx)
      .patch({ intentId: intent.id, status })
      .where({ id: paymentId })
      .whereNot({ status: "succeeded" });
    if (status === "requires_action") return { status, clientSecret: intent.client_secret ?? "" };
    throw new AppError("payment_failed", 502);
  });
  const settled = settlement as Settlement | null;
  if (settled?.outcome === "refunding") await sendRefund(context, settled.refundId).catch(() => undefined);
  return outcome;
}

async function recordDecline(
  context: PaymentContext,
  paymentId: string,
  error: Stripe.errors.StripeError,
): Promise<void> {
  await Payment.query(context.db)
    .patch({ status: "failed", failureCode: error.decline_code ?? error.code ?? "declined" })
    .where({ id: paymentId })
    .whereIn("status", ["pending", "requires_action"]);
}

/**
 * Pays a cart (spec §3 payment payload, §5 terms before paying): by card through Stripe, or placed awaiting a
 * transfer or a payment at the desk. The payment row is committed before Stripe is called, and the call's
 * Idempotency-Key is its id: a crash between Stripe's answer and our commit recovers (recoverPayments, the
 * webhook, or the buyer asking again) to that one charge.
 */
export async function payOrder(
  context: PaymentContext,
  eventId: string,
  orderId: string,
  request: PayRequest,
  hooks: PaymentTestHooks = {},
): Promise<PayOutcome> {
  checkRequest(request);
  const prepared = await prepare(context, eventId, orderId, request);
  if (prepared.done) return prepared.done;
  const payment = prepared.payment!;
  const order = prepared.order!;
  let intent: Stripe.PaymentIntent;
  try {
    intent = await createIntent(context.stripe, payment, order);
  } catch (error) {
    if (isFinalStripeRefusal(error)) {
      await recordDecline(context, payment.id, error);
      throw new AppError("payment_declined", 402, {
        details: { declineCode: error.decline_code ?? error.code ?? null },
      });
    }
    throw new AppError("payment_failed", 502);
  }
  hooks.afterStripeCall?.();
  return recordIntent(context, payment.id, intent);
}

/** After a 3-D Secure step in the browser: Stripe's word on the intent, settled. */
export async function confirmCardPayment(
  context: PaymentContext,
  eventId: string,
  orderId: string,
  paymentIntentId: string,
): Promise<PayOutcome> {
  const payment = await Payment.query(context.db).findOne({ orderId, intentId: paymentIntentId });
  const order = await Order.query(context.db).findOne({ id: orderId, eventId });
  if (!payment || !order) throw AppError.notFound();
  const intent = await stripeFor(context.stripe).paymentIntents.retrieve(paymentIntentId);
  if (intent.status === "requires_payment_method") {
    await Payment.query(context.db)
      .patch({ status: "failed", failureCode: "authentication_failed" })
      .where({ id: payment.id });
    throw new AppError("payment_declined", 402, { details: { declineCode: "authentication_failed" } });
  }
  return recordIntent(context, payment.id, intent);
}

/**
 * After a crash or a lost answer: every card payment still pending asks Stripe again with its own
 * Idempotency-Key and parameters, which gives back the one PaymentIntent it made (or makes it, when the crash
 * came before Stripe was reached), and settles it. Payments younger than `olderThanMs` are left to their request.
 */
export async function recoverPayments(
  base: PaymentContext,
  olderThanMs = 60_000,
  /** The keys an order was paid with (its account's for its mode); the context's when not given. */
  stripeOf?: (order: Order) => Promise<StripeConfig>,
): Promise<number> {
  const before = new Date(base.now().getTime() - olderThanMs);
  const pending = await Payment.query(base.db)
    .where({ status: "pending", provider: "stripe" })
    .where("createdAt", "<=", before.toISOString());
  let settled = 0;
  for (const payment of pending) {
    const order = await Order.query(base.db).findById(payment.orderId);
    if (!order) continue;
    const context = stripeOf ? { ...base, stripe: await stripeOf(order) } : base;
    try {
      const intent = payment.intentId
        ? await stripeFor(context.stripe).paymentIntents.retrieve(payment.intentId)
        : await createIntent(context.stripe, payment, order);
      await recordIntent(context, payment.id, intent).catch(() => undefined);
      settled += 1;
    } catch (error) {
      if (isFinalStripeRefusal(error)) await recordDecline(context, payment.id, error);
    }
  }
  return settled;
}
