import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * An order's secret link (the buyer's payment step, its documents): derived from the order's id with the
 * server's secret (TESSERA_SECRET), never stored, so the database alone never gives a link. base64url of an
 * HMAC-SHA256: 43 characters.
 */

export function orderSecret(serverSecret: string, orderId: string): string {
  return createHmac("sha256", serverSecret).update(`order:${orderId}`).digest("base64url");
}

/** Whether `given` is the order's secret (compared in constant time). */
export function isOrderSecret(serverSecret: string, orderId: string, given: string): boolean {
  const expected = Buffer.from(orderSecret(serverSecret, orderId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
