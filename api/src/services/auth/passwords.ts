import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

const KEY_LENGTH = 64;
/** Cost parameters are stored with each hash, so they can be raised later without breaking old ones. */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, KEY_LENGTH, { ...options, maxmem: 128 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** "scrypt$N$r$p$salt$hash" (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, COST);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Constant-time comparison; a missing or malformed hash still costs one scrypt run. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split("$") ?? [];
  const valid = parts.length === 6 && parts[0] === "scrypt";
  const [N, r, p] = valid ? parts.slice(1, 4).map(Number) : [COST.N, COST.r, COST.p];
  const salt = valid ? Buffer.from(parts[4]!, "base64url") : randomBytes(16);
  const expected = valid ? Buffer.from(parts[5]!, "base64url") : randomBytes(KEY_LENGTH);
  const actual = await scrypt(password.normalize("NFKC"), salt, { N: N!, r: r!, p: p! });
  return valid && actual.length === expected.length && timingSafeEqual(actual, expected);
}
