import type { InvoiceKind } from "@tessera/shared/schemas/invoices";
import { lineAmounts, orderTotals, refundAmounts, type RefundableLine } from "@tessera/shared/ticketing/money";
import { lockForUpdate } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Event } from "../../models/Event.ts";
import { Guest } from "../../models/Guest.ts";
import {
  Invoice,
  type InvoiceBuyer,
  type InvoiceLine,
  type InvoiceSeller,
  type InvoiceSnapshot,
} from "../../models/Invoice.ts";
import { Order } from "../../models/Order.ts";
import { OrderItem } from "../../models/OrderItem.ts";
import { Organizer } from "../../models/Organizer.ts";
import { Refund } from "../../models/Refund.ts";
import { TicketingParams } from "../../models/TicketingParams.ts";
import { taxRateBpOf } from "../ticketing/catalogue.ts";
import { takeNumber } from "./numbering.ts";

/*
 * Issuing invoices and credit notes (issue 14 item 6), called by the order pipeline inside its own transaction:
 * these functions only write rows in the caller's transaction (`trx`), so an order rolled back takes its invoice
 * and its number with it, and the numbering stays without gaps (numbering.ts).
 *
 * What a document prints is frozen into its snapshot when it is issued: the event's biller (ticketing_params.
 * organizer_id) with its legal details, the order's billing details, its lines as paid (after discounts) and
 * their totals. All amounts come from shared's money arithmetic: an item's paid line is lineAmounts() of its unit
 * price including tax minus its discount columns; the totals and VAT breakdown are orderTotals() of the lines; a
 * credit note's amounts are refundAmounts() of the refund's items, counting the units earlier credit notes of the
 * order already gave back, so an order's credit notes never give back more than its invoice billed, and add up to
 * it exactly when everything is refunded.
 */

/** The buyer's name when the order carries no billing name: the guest's. */
function guestName(guest: Pick<Guest, "firstName" | "lastName" | "email"> | undefined): string {
  if (!guest) return "";
  return [guest.firstName, guest.lastName].filter(Boolean).join(" ") || guest.email || "";
}

/** An item's line as paid: its amounts before discounts minus its discount columns. */
export function paidLine(item: OrderItem): RefundableLine & { unitInclTaxCents: number } {
  const taxRateBp = taxRateBpOf(item);
  const before = lineAmounts({ unitIncludingCents: item.unitPriceInclTaxCents, taxRateBp, quantity: item.quantity });
  const includingCents = before.includingCents - item.discountInclTaxCents;
  const excludingCents = before.excludingCents - item.discountExclTaxCents;
  return {
    taxRateBp,
    quantity: item.quantity,
    ticketId: item.ticketId,
    unitInclTaxCents: item.unitPriceInclTaxCents,
    excludingCents,
    taxCents: includingCents - excludingCents,
    includingCents,
  };
}

function sellerOf(organizer: Organizer): InvoiceSeller {
  return {
    organizerId: organizer.id,
    corporateName: organizer.corporateName,
    legalStructure: organizer.legalStructure,
    shareCapitalCents: organizer.shareCapitalCents,
    siret: organizer.siret,
    rcsNumber: organizer.rcsNumber,
    street: organizer.street,
    zip: organizer.zip,
    city: organizer.city,
    vatStatus: organizer.vatStatus,
    vatNumber: organizer.vatNumber,
    legalMentions: organizer.legalMentions,
  };
}

async function buyerOf(trx: Knex, order: Order): Promise<InvoiceBuyer> {
  const guest = order.guestId ? await Guest.query(trx).findById(order.guestId) : undefined;
  const isCompany = order.isCompany === true;
  return {
    name: order.billingName?.trim() || guestName(guest),
    isCompany,
    siret: order.siret,
    address: order.address,
    zip: order.zip,
    city: order.city,
    email: order.email ?? guest?.email ?? null,
  };
}

/** The order's items in their order, each with the caption of its ticket. */
async function itemsOf(trx: Knex, orderId: string): Promise<{ item: OrderItem; caption: string }[]> {
  const items = await OrderItem.query(trx).where({ orderId }).orderBy(["createdAt", "id"]);
  const ticketIds = [...new Set(items.map((item) => item.ticketId))];
  const captions = new Map(
    ((await trx("tickets").whereIn("id", ticketIds).select("id", "caption")) as { id: string; caption: string }[]).map(
      (row) => [row.id, row.caption],
    ),
  );
  return items.map((item) => ({ item, caption: captions.get(item.ticketId) ?? "" }));
}

/** The event's biller; 409 invoices_not_generated when none is set (nothing is written). */
async function billerOf(trx: Knex, eventId: string): Promise<Organizer> {
  const params = await TicketingParams.query(trx).findOne({ eventId });
  const organizer = params?.organizerId ? await Organizer.query(trx).findById(params.organizerId) : undefined;
  if (!organizer) throw new AppError("invoices_not_generated", 409, { details: { reason: "no_organizer" } });
  return organizer;
}

interface NewDocument {
  kind: InvoiceKind;
  order: Order;
  event: Event;
  organizer: Organizer;
  /** Where the seller and buyer come from: an invoice takes them now, a credit note from its invoice. */
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  refund: Refund | null;
  refersTo: Invoice | null;
  lines: InvoiceLine[];
  now: Date;
}

async function writeDocument(trx: Knex, input: NewDocument): Promise<Invoice> {
  const { kind, order, event, organizer, now } = input;
  const { number, sequence } = await takeNumber(trx, organizer.id, kind, now, event.timezone);
  const totals = orderTotals(input.lines);
  const snapshot: InvoiceSnapshot = {
    version: 1,
    kind,
    number,
    issuedAt: now.toISOString(),
    timeZone: event.timezone,
    currency: order.currency,
    seller: input.seller,
    buyer: input.buyer,
    event: { id: event.id, name: event.name },
    order: {
      id: order.id,
      reference: order.reference,
      orderedAt: order.orderedAt.toISOString(),
      paymentMethod: order.paymentMethod,
    },
    refersTo: input.refersTo
      ? { id: input.refersTo.id, number: input.refersTo.number, issuedAt: input.refersTo.issuedAt.toISOString() }
      : null,
    lines: input.lines,
    totals,
  };
  return Invoice.query(trx).insertAndFetch({
    accountId: order.accountId,
    eventId: order.eventId,
    organizerId: organizer.id,
    orderId: order.id,
    refundId: input.refund?.id ?? null,
    kind,
    number,
    sequence,
    refersToInvoiceId: input.refersTo?.id ?? null,
    issuedAt: now,
    currency: order.currency,
    totalExclTaxCents: totals.excludingCents,
    totalTaxCents: totals.taxCents,
    totalInclTaxCents: totals.includingCents,
    snapshot,
  });
}

/** The order, locked for the rest of the transaction (PostgreSQL; SQLite has one writer): one issuer at a time. */
async function lockedOrder(trx: Knex, orderId: string): Promise<Order> {
  const order = await lockForUpdate(trx, Order.query(trx).findById(orderId));
  if (!order) throw AppError.notFound();
  return order;
}

/**
 * The order's invoice, issued now in the caller's transaction unless it has one already (then that one is returned,
 * unchanged: an order has at most one invoice). Its lines are the order's items as paid. Throws 409
 * invoices_not_generated, before writing anything, when the event has no organizer to bill (the caller may catch
 * it and go on); 404 when the order does not exist. The caller decides when an order is to be invoiced.
 */
export async function issueInvoice(trx: Knex, orderId: string, now: Date): Promise<Invoice> {
  const order = await lockedOrder(trx, orderId);
  const existing = await Invoice.query(trx).findOne({ orderId, kind: "invoice" });
  if (existing) return existing;
  const organizer = await billerOf(trx, order.eventId);
  const event = await Event.query(trx).findById(order.eventId).throwIfNotFound();
  const lines: InvoiceLine[] = (await itemsOf(trx, order.id)).map(({ item, caption }) => {
    const line = paidLine(item);
    return {
      itemId: item.id,
      description: caption,
      quantity: item.quantity,
      unitInclTaxCents: item.unitPriceInclTaxCents,
      taxRateBp: line.taxRateBp,
      discountInclTaxCents: item.discountInclTaxCents,
      excludingCents: line.excludingCents,
      taxCents: line.taxCents,
      includingCents: line.includingCents,
    };
  });
  return writeDocument(trx, {
    kind: "invoice",
    order,
    event,
    organizer,
    seller: sellerOf(organizer),
    buyer: await buyerOf(trx, order),
    refund: null,
    refersTo: null,
    lines,
    now,
  });
}

/** The units of each item the order's credit notes already gave back. */
async function unitsCredited(trx: Knex, orderId: string): Promise<Map<string, number>> {
  const notes = await Invoice.query(trx).where({ orderId, kind: "credit_note" }).select("snapshot");
  const units = new Map<string, number>();
  for (const note of notes)
    for (const line of note.snapshot.lines) units.set(line.itemId, (units.get(line.itemId) ?? 0) + line.quantity);
  return units;
}

/**
 * The refund's credit note, issued now in the caller's transaction unless it has one already (returned unchanged).
 * It refers to the order's invoice, issued first (at the same time) when the order has none, and is billed by the
 * same organizer, to the same buyer. Its lines are the refund's items with the amounts refundAmounts() gives them
 * after the units earlier credit notes gave back. A refund of no item (a payment given back whole, the order's
 * sale unchanged) undoes no sale: no credit note, null. 409 invoices_not_generated when the event has no organizer
 * and the order no invoice; 404 when the refund does not exist; a RangeError when its items are not the order's
 * or exceed what is left to credit.
 */
export async function issueCreditNote(trx: Knex, refundId: string, now: Date): Promise<Invoice | null> {
  const refund = await Refund.query(trx).findById(refundId);
  if (!refund) throw AppError.notFound();
  const order = await lockedOrder(trx, refund.orderId);
  const existing = await Invoice.query(trx).findOne({ refundId });
  if (existing) return existing;
  const wanted = refund.items.filter((entry) => entry.quantity > 0);
  if (!wanted.length) return null;
  const invoice = await issueInvoice(trx, order.id, now);
  const organizer = await Organizer.query(trx).findById(invoice.organizerId).throwIfNotFound();
  const event = await Event.query(trx).findById(order.eventId).throwIfNotFound();
  const items = await itemsOf(trx, order.id);
  const credited = await unitsCredited(trx, order.id);
  const indexOf = new Map(items.map(({ item }, index) => [item.id, index]));
  const lines = items.map(({ item }) => ({ ...paidLine(item), refundedQuantity: credited.get(item.id) ?? 0 }));
  const amounts = refundAmounts(
    lines,
    wanted.map((entry) => {
      const line = indexOf.get(entry.itemId);
      if (line === undefined) throw new RangeError(`refund ${refund.id}: item ${entry.itemId} is not the order's`);
      return { line, quantity: entry.quantity };
    }),
  );
  const noteLines: InvoiceLine[] = amounts.lines.map((refunded) => {
    const { item, caption } = items[refunded.line]!;
    const undiscounted = item.unitPriceInclTaxCents * refunded.quantity;
    return {
      itemId: item.id,
      description: caption,
      quantity: refunded.quantity,
      unitInclTaxCents: item.unitPriceInclTaxCents,
      taxRateBp: refunded.taxRateBp,
      discountInclTaxCents: Math.max(0, undiscounted - refunded.includingCents),
      excludingCents: refunded.excludingCents,
      taxCents: refunded.taxCents,
      includingCents: refunded.includingCents,
    };
  });
  return writeDocument(trx, {
    kind: "credit_note",
    order,
    event,
    organizer,
    seller: invoice.snapshot.seller,
    buyer: invoice.snapshot.buyer,
    refund,
    refersTo: invoice,
    lines: noteLines,
    now,
  });
}
