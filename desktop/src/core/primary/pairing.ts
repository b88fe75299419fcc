/**
 * Pairing a peer with the primary: the primary shows a short code, the peer's operator types it once, and the
 * peer gets a random secret it sends with every later request. Only the secret's hash is kept, so that the
 * primary's file does not hold what opens it; a few wrong codes in a row replace the code (no guessing a
 * million codes on the LAN).
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { LocalDb } from "../localDb.ts";
import { PAIRING_CODE_LENGTH } from "./protocol.ts";

/** Wrong codes in a row before the code shown is replaced. */
export const PAIRING_ATTEMPTS_MAX = 5;

const hashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

const newCode = () => String(randomInt(0, 10 ** PAIRING_CODE_LENGTH)).padStart(PAIRING_CODE_LENGTH, "0");

export function createPairing(db: LocalDb, now: () => Date = () => new Date()) {
  let code = newCode();
  let wrongInARow = 0;
  const insert = db.prepare("INSERT INTO primary_peers (secret_hash, desk, paired_at) VALUES (?, ?, ?)");
  const deskOf = db.prepare("SELECT desk FROM primary_peers WHERE secret_hash = ?").pluck();
  const count = db.prepare("SELECT count(*) FROM primary_peers").pluck();

  return {
    code: () => code,
    /** Trades the code shown for a new secret; null when the code is wrong. */
    pair(offered: string, desk: string): string | null {
      const isRight = offered.length === code.length && timingSafeEqual(Buffer.from(offered), Buffer.from(code));
      if (!isRight) {
        wrongInARow += 1;
        if (wrongInARow >= PAIRING_ATTEMPTS_MAX) {
          code = newCode();
          wrongInARow = 0;
        }
        return null;
      }
      wrongInARow = 0;
      const secret = randomBytes(32).toString("base64url");
      insert.run(hashOf(secret), desk, now().toISOString());
      return secret;
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
