import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/*
 * The desk's supervisor PIN (reprints, leaving the kiosk): 4 to 8 digits, kept only as an scrypt hash with its own
 * random salt, "scrypt$<N>$<r>$<p>$<salt>$<hash>" (base64url), so that a stolen desk database gives no PIN.
 */

export const SUPERVISOR_PIN_PATTERN = /^\d{4,8}$/;
const COST = { N: 16_384, r: 8, p: 1 } as const;
const KEY_BYTES = 32;

function derive(pin: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export function isValidPin(pin: string): boolean {
  return SUPERVISOR_PIN_PATTERN.test(pin);
}

export async function hashPin(pin: string): Promise<string> {
  if (!isValidPin(pin)) throw new Error("A supervisor PIN is 4 to 8 digits");
  const salt = randomBytes(16);
  const key = await derive(pin, salt, COST);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Whether `pin` is the one `stored` was hashed from (compared in constant time). */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash || !isValidPin(pin)) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(pin, Buffer.from(salt, "base64url"), { N: Number(N), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
