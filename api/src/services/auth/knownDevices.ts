import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser an account
 * signed in from gets a token bound to that account's address. Guessing at the account from elsewhere
 * slows down only elsewhere: the owner's right password from a device they used still signs in, and
 * that device's own failures are counted apart.
 */

function mac(secret: string, normalizedEmail: string, nonce: string): string {
  return createHmac("sha256", secret).update(`device:${normalizedEmail}:${nonce}`).digest("base64url");
}

/** A new device token for the account of `normalizedEmail`. */
export function issueDeviceToken(secret: string, normalizedEmail: string): string {
  const nonce = randomBytes(16).toString("base64url");
  return `${nonce}.${mac(secret, normalizedEmail, nonce)}`;
}

/** The device's id when `token` was issued for this account's address, else null (absent, forged, another's). */
export function knownDeviceId(
  secret: string,
  normalizedEmail: string,
  token: string | null | undefined,
): string | null {
  const [nonce, given, ...rest] = (token ?? "").split(".");
  if (!nonce || !given || rest.length) return null;
  const expected = Buffer.from(mac(secret, normalizedEmail, nonce));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? nonce : null;
}
