import { PAID_ORDER_STATUSES } from "@tessera/shared";
import { isPostgres } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Order } from "../../models/Order.ts";
import { Refund } from "../../models/Refund.ts";
import { issueCreditNote, issueInvoice } from "../invoicing/index.ts";
import type { AppDeps } from "../scope.ts";
import { queueOrderMails } from "../autoMails/orderMails.ts";

/*
 * An order's invoice and its refunds' credit notes (issue 14 item 6), issued off the payment's path: a job queued
 * once the order completes or a refund goes through, so that numbering (one organizer's sequence, under its lock)
 * never slows or fails a payment. A sweep finds what a crash between the commit and the job left unissued, at
 * start and every minute, so every paid order gets its invoice and every refund its credit note, exactly once
 * (issueInvoice and issueCreditNote return the document already issued).
 */

export const ORDER_DOCUMENTS_JOB = "orders.issue_documents";
const SWEEP_MS = 60_000;
const SWEEP_BATCH = 200;

type DocumentDeps = Pick<AppDeps, "db" | "clock" | "logger">;

/** Issues what the order lacks: its invoice when paid, a credit note for each refund that went through. */
export async function issueOrderDocuments(deps: DocumentDeps, orderId: string): Promise<void> {
  const order = await Order.query(deps.db).findById(orderId);
  if (!order) return;
  try {
    await deps.db.transaction(async (trx) => {
      const refunds = await creditedRefunds(trx, order.id).whereNotExists(
        trx("invoices").whereRaw("invoices.refund_id = refunds.id"),
      );
      const wasSold = (PAID_ORDER_STATUSES as readonly string[]).includes(order.status);
      // A payment that came after its cart's places went is refunded whole: sold, then credited at once.
      if (!wasSold && !refunds.some((refund) => refund.reason === "late_payment")) return;
      await issueInvoice(trx, order.id, deps.clock.now());
      for (const refund of refunds) await issueCreditNote(trx, refund.id, deps.clock.now());
    });
  } catch (error) {
    // No organizer to bill yet: issued by the sweep once the event's billing information is filled in.
    if (error instanceof AppError && error.code === "invoices_not_generated") {
      deps.logger.warn({ orderId }, "invoice not issued: the event has no organizer to bill");
      return;
    }
    throw error;
  }
}

/** A refund row that gives items back (its JSON list of items is not empty), in the database's words. */
const givesItemsBack = (db: Knex) => (isPostgres(db) ? "refunds.items::text <> '[]'" : "refunds.items <> '[]'");

/** The order's refunds that went through and give items back (a payment given back whole undoes no sale). */
function creditedRefunds(db: Knex, orderId: string) {
  return Refund.query(db)
    .where({ orderId, status: "succeeded" })
    .whereRaw(givesItemsBack(db))
    .orderBy("createdAt")
    .orderBy("id");
}

/**
 * Queues the order's documents, and its automatic mails (its confirmation, a refund's: each once); a failure to
 * queue leaves the documents to the sweep.
 */
export async function queueOrderDocuments(deps: Pick<AppDeps, "jobs" | "logger">, orderId: string): Promise<void> {
  await deps.jobs.send(ORDER_DOCUMENTS_JOB, { orderId }, { retryLimit: 3 }).catch((error: unknown) => {
    deps.logger.error({ err: error, orderId }, "could not queue an order's invoice");
  });
  await queueOrderMails(deps, orderId);
}

/** Orders owed a document: paid without an invoice, or with a refund done and no credit note, their event billed. */
export async function ordersOwedDocuments(deps: DocumentDeps, limit = SWEEP_BATCH): Promise<string[]> {
  const { db } = deps;
  const billed = db("ticketingParams")
    .whereRaw("ticketing_params.event_id = orders.event_id")
    .whereNotNull("organizerId");
  const uncredited = db("refunds")
    .whereRaw("refunds.order_id = orders.id")
    .where("refunds.status", "succeeded")
    .whereRaw(givesItemsBack(db))
    .whereNotExists(db("invoices").whereRaw("invoices.refund_id = refunds.id"));
  const rows = (await db("orders")
    .whereExists(billed)
    .where((owed) =>
      owed
        .where((sold) =>
          sold
            .whereIn("status", [...PAID_ORDER_STATUSES])
            .whereNotExists(db("invoices").whereRaw("invoices.order_id = orders.id").where("kind", "invoice")),
        )
        .orWhereExists(uncredited),
    )
    .orderBy("updatedAt")
    .limit(limit)
    .select("id")) as { id: string }[];
  return rows.map((row) => row.id);
}

/** One sweep: every order owed a document gets it. Returns how many orders were looked at. */
export async function issueOwedDocuments(deps: DocumentDeps): Promise<number> {
  const ids = await ordersOwedDocuments(deps);
  for (const id of ids) {
    await issueOrderDocuments(deps, id).catch((error: unknown) => {
      deps.logger.error({ err: error, orderId: id }, "could not issue an order's documents");
    });
  }
  return ids.length;
}

export function registerOrderDocumentJobs(deps: AppDeps): void {
  deps.jobs.register<{ orderId: string }>(ORDER_DOCUMENTS_JOB, ({ orderId }) => issueOrderDocuments(deps, orderId));
}

/** The sweep at once and every minute. Returns the stop function. */
export function watchOwedDocuments(deps: DocumentDeps): { firstPass: Promise<number>; stop(): void } {
  const sweep = () =>
    issueOwedDocuments(deps).catch((error: unknown) => {
      deps.logger.error({ err: error }, "could not look for orders owed an invoice");
      return 0;
    });
  const timer = setInterval(() => void sweep(), SWEEP_MS);
  timer.unref();
  return { firstPass: sweep(), stop: () => clearInterval(timer) };
}
