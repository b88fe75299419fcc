import type { Db } from "../../api/src/db/knex.ts";
import type { Event } from "../../api/src/models/Event.ts";
import { Organizer } from "../../api/src/models/Organizer.ts";
import type { Order } from "../../api/src/models/Order.ts";
import { Refund, type RefundedItem } from "../../api/src/models/Refund.ts";
import { writeTicketingParams } from "./orders.ts";

type EventRef = Pick<Event, "id" | "accountId">;

/** A SIRET whose Luhn checksum holds (La Poste's, the usual example). */
export const VALID_SIRET = "35600000000048";

/** An organizer of the account straight in the database: a French SAS subject to VAT, with its legal details. */
export async function buildOrganizer(
  db: Db,
  accountId: string,
  overrides: Partial<Organizer> = {},
): Promise<Organizer> {
  return Organizer.query(db).insertAndFetch({
    accountId,
    corporateName: "Festival des Lumières SAS",
    legalStructure: "SAS",
    shareCapitalCents: 1_000_000,
    siret: "73282932000074",
    rcsNumber: "Lyon B 732 829 320",
    street: "12 rue de la République",
    zip: "69002",
    city: "Lyon",
    vatStatus: "subject",
    vatNumber: "FR44732829320",
    legalMentions: "Billets ni repris ni échangés.",
    ...overrides,
  });
}

/** Makes `organizer` the event's biller (its ticketing parameters, written or changed). */
export async function billEventBy(db: Db, event: EventRef, organizer: Pick<Organizer, "id"> | null): Promise<void> {
  await writeTicketingParams(db, event, { organizerId: organizer?.id ?? null });
}

/** Sets what coupons took off an item, including and excluding tax (the order pipeline's discount columns). */
export async function setItemDiscount(db: Db, itemId: string, inclTaxCents: number, exclTaxCents: number) {
  await db("orderItems")
    .where({ id: itemId })
    .update({ discountInclTaxCents: inclTaxCents, discountExclTaxCents: exclTaxCents });
}

/** A refund of some of an order's items straight in the database (succeeded, by the organizer). */
export async function buildRefund(
  db: Db,
  order: Pick<Order, "id">,
  items: RefundedItem[],
  amountCents = 0,
): Promise<Refund> {
  return Refund.query(db).insertAndFetch({
    orderId: order.id,
    paymentId: null,
    status: "succeeded",
    reason: "organizer",
    amountCents,
    items,
    providerRefundId: null,
    createdBy: null,
  });
}
