import { SECOND_FACTOR_VALID_MINUTES } from "@tessera/shared";
import { createHmac, randomInt } from "node:crypto";
import type { Knex } from "knex";
import { sqlTime } from "../../models/BaseModel.ts";
import { OneTimeToken, type OneTimeTokenPurpose } from "../../models/OneTimeToken.ts";
import { randomToken, sha256 } from "./sessions.ts";

export const TOKEN_LIFETIME_MS: Record<OneTimeTokenPurpose, number> = {
  password_reset: 60 * 60_000, // one hour
  registration: 7 * 24 * 60 * 60_000, // an invitation stays valid a week
  second_factor: SECOND_FACTOR_VALID_MINUTES * 60_000,
};
export const SECOND_FACTOR_MAX_ATTEMPTS = 5;

/**
 * Issues a single-use link token (only its hash is stored) and retires the user's earlier unused
 * tokens of the same purpose, so only the newest link works.
 */
export async function issueLinkToken(
  trx: Knex,
  userId: string,
  purpose: "password_reset" | "registration",
): Promise<string> {
  const token = randomToken("");
  await retireTokens(trx, userId, purpose);
  await OneTimeToken.query(trx).insert({
    userId,
    purpose,
    tokenHash: sha256(token),
    attempts: 0,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/** The token's row when it is valid for this purpose, and marks it used in the same statement (no double use). */
export async function consumeLinkToken(
  trx: Knex,
  token: string,
  purpose: "password_reset" | "registration",
): Promise<OneTimeToken | null> {
  const row = await peekLinkToken(trx, token, purpose);
  if (!row) return null;
  const updated = await OneTimeToken.query(trx).patch({ usedAt: new Date() }).where({ id: row.id }).whereNull("usedAt");
  return updated === 1 ? row : null;
}

/** The token's row when valid, without using it (to prefill a form). */
export async function peekLinkToken(
  trx: Knex,
  token: string,
  purpose: "password_reset" | "registration",
): Promise<OneTimeToken | null> {
  const row = await OneTimeToken.query(trx).findOne({ tokenHash: sha256(token), purpose });
  if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) return null;
  return row;
}

function codeHash(secret: string, userId: string, code: string): string {
  // Six digits are guessable offline from a plain hash: key it with the server secret and the user.
  return createHmac("sha256", secret).update(`2fa:${userId}:${code}`).digest("hex");
}

/** A fresh six-digit second-factor code for the user (earlier ones stop working). */
export async function issueSecondFactorCode(trx: Knex, secret: string, userId: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await retireTokens(trx, userId, "second_factor");
  await OneTimeToken.query(trx).insert({
    userId,
    purpose: "second_factor",
    tokenHash: codeHash(secret, userId, code),
    attempts: 0,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS.second_factor),
  });
  return code;
}

/** Checks and uses the user's current code; each wrong try counts, and the code dies after the limit. */
export async function consumeSecondFactorCode(
  trx: Knex,
  secret: string,
  userId: string,
  code: string,
): Promise<boolean> {
  const current = await OneTimeToken.query(trx)
    .where({ userId, purpose: "second_factor" })
    .whereNull("usedAt")
    .where("expiresAt", ">", sqlTime(new Date()))
    .orderBy("createdAt", "desc")
    .first();
  if (!current || current.attempts >= SECOND_FACTOR_MAX_ATTEMPTS) return false;
  if (current.tokenHash !== codeHash(secret, userId, code)) {
    await OneTimeToken.query(trx).increment("attempts", 1).where({ id: current.id });
    return false;
  }
  const updated = await OneTimeToken.query(trx)
    .patch({ usedAt: new Date() })
    .where({ id: current.id })
    .whereNull("usedAt");
  return updated === 1;
}

async function retireTokens(trx: Knex, userId: string, purpose: OneTimeTokenPurpose): Promise<void> {
  await OneTimeToken.query(trx).patch({ usedAt: new Date() }).where({ userId, purpose }).whereNull("usedAt");
}
