/**
 * Pairing a peer with the primary: the primary shows a short code, the peer's operator types it once, and the
 * peer gets a random secret it sends with every later request. Only the secret's hash is kept, so that the
 * primary's file does not hold what opens it; a few wrong codes in a row replace the code and close pairing
 * for a while (guessing among a million codes on the LAN would take months).
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { LocalDb } from "../localDb.ts";
import { PAIRING_CODE_LENGTH } from "./protocol.ts";

/** Wrong codes in a row before the code shown is replaced and pairing closes for PAIRING_LOCKOUT_MS. */
export const PAIRING_ATTEMPTS_MAX = 5;
export const PAIRING_LOCKOUT_MS = 30_000;

export type PairingResult = { secret: string } | { refused: "wrong_code" | "locked" };

const hashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

const newCode = () => String(randomInt(0, 10 ** PAIRING_CODE_LENGTH)).padStart(PAIRING_CODE_LENGTH, "0");

export function createPairing(db: LocalDb, now: () => Date = () => new Date()) {
  let code = newCode();
  let wrongInARow = 0;
  let lockedUntil = 0;
  const insert = db.prepare("INSERT INTO primary_peers (secret_hash, desk, paired_at) VALUES (?, ?, ?)");
  const deskOf = db.prepare("SELECT desk FROM primary_peers WHERE secret_hash = ?").pluck();
  const count = db.prepare("SELECT count(*) FROM primary_peers").pluck();

  return {
    code: () => code,
    /** Trades the code shown for a new secret, unless the code is wrong or pairing is closed for a while. */
    pair(offered: string, desk: string): PairingResult {
      if (now().getTime() < lockedUntil) return { refused: "locked" };
      const isRight = offered.length === code.length && timingSafeEqual(Buffer.from(offered), Buffer.from(code));
      if (!isRight) {
        wrongInARow += 1;
        if (wrongInARow >= PAIRING_ATTEMPTS_MAX) {
          code = newCode();
          wrongInARow = 0;
          lockedUntil = now().getTime() + PAIRING_LOCKOUT_MS;
        }
        return { refused: "wrong_code" };
      }
      wrongInARow = 0;
      const secret = randomBytes(32).toString("base64url");
      insert.run(hashOf(secret), desk, now().toISOString());
      return { secret };
    },
    /** The paired desk's name for a secret, or null. */
    peerOf(secret: string | null): string | null {
      if (!secret) return null;
      return (deskOf.get(hashOf(secret)) as string | undefined) ?? null;
    },
    peerCount: () => count.get() as number,
  };
}

export type Pairing = ReturnType<typeof createPairing>;
