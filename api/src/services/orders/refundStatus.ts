import type { OrderStatus } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";

/** A paid order's status from its items: everything refunded, some of it, or nothing. */
export async function statusAfterRefunds(db: Knex | Knex.Transaction, orderId: string): Promise<OrderStatus> {
  const row = (await db("orderItems")
    .where({ orderId })
    .first(
      db.raw("coalesce(sum(??), 0) as bought", ["quantity"]),
      db.raw("coalesce(sum(??), 0) as refunded", ["refundedQuantity"]),
    )) as { bought: number | string; refunded: number | string };
  const refunded = Number(row.refunded);
  if (refunded === 0) return "completed";
  return refunded >= Number(row.bought) ? "refunded" : "partially_refunded";
}
