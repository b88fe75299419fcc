import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

const KEY_LENGTH = 64;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(
      password,
      salt,
      KEY_LENGTH,
      { ...options, maxmem: Math.max(128 * 1024 * 1024, 256 * options.N! * options.r!) },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/**
 * "scrypt$N$r$p$salt$hash" (base64url), with scrypt cost N = `cost` (config.passwordHashCost). The
 * parameters are stored with each hash, so the cost can be raised later (or lowered in tests) without
 * breaking the hashes made before.
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, { N: cost, r: BLOCK_SIZE, p: PARALLELISM });
  return ["scrypt", cost, BLOCK_SIZE, PARALLELISM, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/**
 * Constant-time comparison with the parameters stored in the hash, whatever the cost of new hashes
 * is now. A missing or malformed hash still costs one scrypt run at `cost` (the cost of new hashes),
 * so an unknown address answers as slowly as a known one.
 */
export async function verifyPassword(password: string, stored: string | null, cost: number): Promise<boolean> {
  const parts = stored?.split("$") ?? [];
  const valid = parts.length === 6 && parts[0] === "scrypt";
  const [N, r, p] = valid ? parts.slice(1, 4).map(Number) : [cost, BLOCK_SIZE, PARALLELISM];
  const salt = valid ? Buffer.from(parts[4]!, "base64url") : randomBytes(16);
  const expected = valid ? Buffer.from(parts[5]!, "base64url") : randomBytes(KEY_LENGTH);
  const actual = await scrypt(password.normalize("NFKC"), salt, { N: N!, r: r!, p: p! });
  return valid && actual.length === expected.length && timingSafeEqual(actual, expected);
}
