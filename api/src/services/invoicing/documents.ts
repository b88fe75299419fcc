import type { Readable } from "node:stream";
import type { Language } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Invoice } from "../../models/Invoice.ts";
import { Order } from "../../models/Order.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import type { Scope } from "../scope.ts";
import { invoiceFileName, renderInvoicePdf } from "./pdf.ts";

/*
 * Reading issued invoices and credit notes: the organizer's side (anyone who sees the event; another account's
 * users and those the event is hidden from get 404) and the buyer's (one of their own orders' documents, for the
 * guest portal). Every query is scoped to the event, itself found within the caller's account.
 */

/** An order's invoice and credit notes, the invoice first, then by number. */
async function documentsOf(db: Knex, eventId: string, orderId: string): Promise<Invoice[]> {
  return Invoice.query(db)
    .where({ eventId, orderId })
    .orderByRaw("case when kind = 'invoice' then 0 else 1 end")
    .orderBy(["sequence", "id"]);
}

/** The invoice and credit notes of an order of the event; 404 when the order is not the event's. */
export async function listOrderInvoices(scope: Scope, key: EventKey, orderId: string): Promise<Invoice[]> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const order = await Order.query(scope.db).findOne({ id: orderId, eventId: event.id }).select("id");
  if (!order) throw AppError.notFound();
  return documentsOf(scope.db, event.id, orderId);
}

export interface InvoiceDownload {
  body: Readable;
  fileName: string;
}

function download(scope: Scope, invoice: Invoice, language: Language): InvoiceDownload {
  try {
    return { body: renderInvoicePdf(invoice, language), fileName: invoiceFileName(invoice) };
  } catch (error) {
    scope.logger.error({ err: (error as Error).cause ?? error, invoiceId: invoice.id }, "invoice PDF failed");
    throw error;
  }
}

/** The PDF of an invoice or credit note of the event, in `language` (the scope's by default). */
export async function invoicePdf(
  scope: Scope,
  key: EventKey,
  invoiceId: string,
  language: Language = scope.language,
): Promise<InvoiceDownload> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const invoice = await Invoice.query(scope.db).findOne({ id: invoiceId, eventId: event.id });
  if (!invoice) throw AppError.notFound();
  return download(scope, invoice, language);
}

/**
 * For the guest portal (the buyer's download): the PDF of a document of one of `guestId`'s orders in the event,
 * 404 for any other. The caller has established who the guest is (a portal session: services/portal/
 * signedInGuest.ts) and gives the event and guest it found.
 */
export async function buyerInvoicePdf(
  scope: Scope,
  buyer: { eventId: string; guestId: string },
  invoiceId: string,
  language: Language = scope.language,
): Promise<InvoiceDownload> {
  const invoice = await Invoice.query(scope.db)
    .findOne({ "invoices.id": invoiceId, "invoices.eventId": buyer.eventId })
    .whereExists(
      Order.query(scope.db)
        .whereColumn("orders.id", "invoices.orderId")
        .where({ "orders.guestId": buyer.guestId, "orders.eventId": buyer.eventId }),
    );
  if (!invoice) throw AppError.notFound();
  return download(scope, invoice, language);
}

/** The invoice and credit notes of one of `guestId`'s orders in the event (the portal's "my orders"). */
export async function buyerOrderInvoices(
  db: Knex,
  buyer: { eventId: string; guestId: string },
  orderId: string,
): Promise<Invoice[]> {
  const order = await Order.query(db).findOne({ id: orderId, eventId: buyer.eventId, guestId: buyer.guestId });
  if (!order) throw AppError.notFound();
  return documentsOf(db, buyer.eventId, orderId);
}
