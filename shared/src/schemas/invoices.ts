import { Type, type Static } from "@sinclair/typebox";
import { LanguageSchema, Nullable, Timestamp, Uuid, literals } from "./common.ts";

/*
 * Ticketing's invoices and credit notes (issue 14 item 6): what the API says of an issued document; its PDF is a
 * download of its own.
 */

export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const InvoiceSchema = Type.Object({
  id: Uuid,
  eventId: Uuid,
  orderId: Uuid,
  /** A credit note's refund; null for an invoice. */
  refundId: Nullable(Uuid),
  kind: literals(INVOICE_KINDS),
  /** As printed: "F-2026-000001" (invoice), "AV-2026-000001" (credit note). */
  number: Type.String(),
  /** A credit note: the invoice it corrects. */
  refersToInvoiceId: Nullable(Uuid),
  issuedAt: Timestamp,
  currency: Type.String(),
  /** In cents, positive: a credit note's are what it gives back (its PDF prints them negative). */
  totalExclTaxCents: Type.Integer(),
  totalTaxCents: Type.Integer(),
  totalInclTaxCents: Type.Integer(),
});
export type InvoiceJson = Static<typeof InvoiceSchema>;

export const InvoiceList = Type.Object({ data: Type.Array(InvoiceSchema) });

export const InvoicePdfQuery = Type.Object({
  /** The PDF's language; the request's by default. */
  language: Type.Optional(LanguageSchema),
});
