import { personName } from "@tessera/shared";
import { listHeldTickets, type HeldTicketRow } from "../orders/guestOrders.ts";
import { signedInGuest } from "../portal/signedInGuest.ts";
import type { Scope } from "../scope.ts";

/** A ticket the signed-in guest holds, with who bought it. */
export interface PortalTicketRow extends HeldTicketRow {
  boughtByYou: boolean;
  /** The buyer's name when another guest of the event bought it; null otherwise. */
  buyerName: string | null;
}

/**
 * "My tickets" (issue 14 item 3): what the signed-in guest holds in the event, whoever paid — their own pass, or
 * the one a godfather bought for them — as the organizer's guest page lists it (listHeldTickets). 401 without a
 * session.
 */
export async function portalTickets(scope: Scope, slug: string, token: string | null): Promise<PortalTicketRow[]> {
  const { event, guest } = await signedInGuest(scope, slug, token);
  const held = await listHeldTickets(scope.db, event.id, guest.id);
  const buyerIds = [
    ...new Set(held.flatMap(({ order }) => (order.guestId && order.guestId !== guest.id ? [order.guestId] : []))),
  ];
  const buyers: { id: string; firstName: string | null; lastName: string | null }[] = buyerIds.length
    ? await scope
        .db("guests")
        .where({ eventId: event.id })
        .whereIn("id", buyerIds)
        .select("id", "firstName", "lastName")
    : [];
  const names = new Map(buyers.map((buyer) => [buyer.id, personName(buyer.firstName, buyer.lastName)]));
  return held.map((row) => ({
    ...row,
    boughtByYou: row.order.guestId === guest.id,
    buyerName: row.order.guestId && row.order.guestId !== guest.id ? (names.get(row.order.guestId) ?? null) : null,
  }));
}
