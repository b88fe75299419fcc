import type { Knex } from "../../db/knex.ts";
import { takingPlaces } from "./places.ts";

/**
 * Times each coupon is redeemed at `now`: by the orders that take places (live ones and held carts), other than
 * `exceptOrderId` (an order priced again for itself). What a coupon's max of redemptions is counted against.
 */
export async function couponUses(
  db: Knex,
  eventId: string,
  couponIds: readonly string[],
  now: Date,
  exceptOrderId: string | null = null,
): Promise<Map<string, number>> {
  if (!couponIds.length) return new Map();
  const redeemed = (await takingPlaces(
    db("orderCoupons").join("orders", "orders.id", "orderCoupons.orderId"),
    eventId,
    now,
    exceptOrderId,
  )
    .whereIn("orderCoupons.couponId", couponIds)
    .groupBy("orderCoupons.couponId")
    .select("orderCoupons.couponId", db.raw("count(*) as uses"))) as { couponId: string; uses: number | string }[];
  return new Map(redeemed.map((row) => [row.couponId, Number(row.uses)]));
}
