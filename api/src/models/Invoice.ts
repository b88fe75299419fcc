import type { InvoiceKind } from "@tessera/shared/schemas/invoices";
import type { VatStatus } from "@tessera/shared/schemas/ticketingBilling";
import type { VatRateTotal } from "@tessera/shared/ticketing/money";
import { BaseModel } from "./BaseModel.ts";

/** The seller as printed: the organizer's legal details when the document was issued. */
export interface InvoiceSeller {
  organizerId: string;
  corporateName: string;
  legalStructure: string | null;
  shareCapitalCents: number | null;
  siret: string;
  rcsNumber: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  vatStatus: VatStatus;
  vatNumber: string | null;
  legalMentions: string | null;
}

/** The buyer as printed: the order's billing details when the document was issued. */
export interface InvoiceBuyer {
  name: string;
  isCompany: boolean;
  siret: string | null;
  address: string | null;
  zip: string | null;
  city: string | null;
  email: string | null;
}

/**
 * A printed line. Amounts are positive, in cents, after discounts: `excludingCents + taxCents === includingCents`.
 * On a credit note `quantity` is the units given back and the amounts what they give back (refundAmounts).
 */
export interface InvoiceLine {
  /** The order item it bills. */
  itemId: string;
  description: string;
  quantity: number;
  unitInclTaxCents: number;
  /** Null: no VAT. */
  taxRateBp: number | null;
  /** What coupons and discounts took off these units, including tax. */
  discountInclTaxCents: number;
  excludingCents: number;
  taxCents: number;
  includingCents: number;
}

/** Everything an invoice or credit note prints, frozen when it is issued (version 1). */
export interface InvoiceSnapshot {
  version: 1;
  kind: InvoiceKind;
  number: string;
  issuedAt: string;
  /** The event's time zone: the document's dates are read there. */
  timeZone: string;
  currency: string;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  event: { id: string; name: string };
  order: { id: string; reference: string | null; orderedAt: string; paymentMethod: string | null };
  /** A credit note: the invoice it corrects. */
  refersTo: { id: string; number: string; issuedAt: string } | null;
  lines: InvoiceLine[];
  totals: { excludingCents: number; taxCents: number; includingCents: number; vatBreakdown: VatRateTotal[] };
}

/**
 * An issued invoice or credit note of a ticketing order (issue 14 item 6). Never changed once written: the PDF is
 * drawn from `snapshot`. Numbered per organizer and kind without gaps (invoice_counters).
 */
export class Invoice extends BaseModel {
  static override tableName = "invoices";
  static override timestampAttributes = ["issuedAt", "createdAt", "updatedAt"];
  static override get jsonAttributes() {
    return ["snapshot"];
  }

  declare accountId: string;
  declare eventId: string;
  declare organizerId: string;
  declare orderId: string;
  /** A credit note's refund; null for an invoice. */
  declare refundId: string | null;
  declare kind: InvoiceKind;
  /** As printed: "F-2026-000001", "AV-2026-000001". */
  declare number: string;
  declare sequence: number;
  /** A credit note: the invoice it corrects. */
  declare refersToInvoiceId: string | null;
  declare issuedAt: Date;
  declare currency: string;
  /** Positive; a credit note's are what it gives back. */
  declare totalExclTaxCents: number;
  declare totalTaxCents: number;
  declare totalInclTaxCents: number;
  declare snapshot: InvoiceSnapshot;
  declare createdAt: Date;
  declare updatedAt: Date;
}
