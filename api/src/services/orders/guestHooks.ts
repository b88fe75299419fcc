import { LIVE_ORDER_STATUSES, type ErrorCode } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import type { GuestDeletionGuard, GuestDeletionStep } from "../guests/deletionGuards.ts";
import type { GuestMergeStep } from "../guests/mergeSteps.ts";

/**
 * Ticketing's hooks on guests, wired in wiring.ts.
 *
 * Deletion: a guest who holds a live ticket (an item of a completed, awaiting-payment or partially
 * refunded order with quantity left after refunds) or who placed a live order (its buyer: the order
 * is billed to them) is refused with `guests_with_tickets_not_deleted`. A guest whose orders are all
 * cancelled, refunded or carts may go: their carts are deleted, their cancelled and refunded orders
 * stay (the accounts need them; the billing name is kept on the order) with no buyer. Items they
 * held lose their holder by the foreign key (ON DELETE SET NULL).
 *
 * Merge: the orders the merged guest placed and the items they held move to the kept guest.
 */

const REASON: ErrorCode = "guests_with_tickets_not_deleted";
const live = [...LIVE_ORDER_STATUSES];

/** The guests among `guestIds` who hold a live ticket or placed a live order. */
export async function guestsWithLiveTickets(trx: Knex, guestIds: readonly string[]): Promise<Set<string>> {
  if (!guestIds.length) return new Set();
  const ids = [...guestIds];
  // Sequential: both run on the transaction's one connection anyway.
  const holders = await trx("orderItems")
    .distinct("holderGuestId as guestId")
    .whereIn("holderGuestId", ids)
    .whereRaw("?? > ??", ["quantity", "refundedQuantity"])
    .whereIn("orderId", trx("orders").select("id").whereIn("status", live));
  const buyers = await trx("orders").distinct("guestId").whereIn("guestId", ids).whereIn("status", live);
  return new Set([...holders, ...buyers].map((row: { guestId: string }) => row.guestId));
}

/** Refuses the guests who hold a live ticket or placed a live order. */
export const refuseTicketHolders: GuestDeletionGuard = async (trx, guestIds) => {
  const refused = await guestsWithLiveTickets(trx, guestIds);
  return new Map([...refused].map((id) => [id, REASON]));
};

/** Deletes the carts of the deleted guests and keeps their dead orders without a buyer. */
export const detachDeadOrders: GuestDeletionStep = async (trx, guestIds) => {
  const ids = [...guestIds];
  await trx("orders").whereIn("guestId", ids).where({ status: "in_cart" }).delete();
  await trx("orders").whereIn("guestId", ids).update({ guestId: null, updatedAt: new Date().toISOString() });
};

/** Guests belong to one event, so do their orders and the items they hold: they move to the kept guest. */
export const moveOrdersToKeptGuest: GuestMergeStep = async (trx, { keepId, mergeId }) => {
  const updatedAt = new Date().toISOString();
  await trx("orders").where({ guestId: mergeId }).update({ guestId: keepId, updatedAt });
  await trx("orderItems").where({ holderGuestId: mergeId }).update({ holderGuestId: keepId, updatedAt });
};
