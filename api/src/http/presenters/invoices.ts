import type { InvoiceJson } from "@tessera/shared/schemas/invoices";
import type { Invoice } from "../../models/Invoice.ts";

/** An issued invoice or credit note: its number, date and totals (positive cents); the PDF has the rest. */
export function presentInvoice(invoice: Invoice): InvoiceJson {
  return {
    id: invoice.id,
    eventId: invoice.eventId,
    orderId: invoice.orderId,
    refundId: invoice.refundId,
    kind: invoice.kind,
    number: invoice.number,
    refersToInvoiceId: invoice.refersToInvoiceId,
    issuedAt: invoice.issuedAt.toISOString(),
    currency: invoice.currency,
    totalExclTaxCents: invoice.totalExclTaxCents,
    totalTaxCents: invoice.totalTaxCents,
    totalInclTaxCents: invoice.totalInclTaxCents,
  };
}
