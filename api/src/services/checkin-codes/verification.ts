import { createPublicKey, verify as nodeVerify, type KeyObject } from "node:crypto";
import {
  encodeRevokedSerials,
  fromBase64Url,
  parseGuestCode,
  verifyGuestCode,
  type GuestCodeVerification,
} from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { GuestCode } from "../../models/GuestCode.ts";
import { GuestCodeKey } from "../../models/GuestCodeKey.ts";

/**
 * What a desk needs to verify an event's entry codes with no server: the keys not retired and the revoked
 * serials, packed (shared's encodeRevokedSerials: 4 bytes a serial, base64url). Give it to shared's
 * `verifyGuestCode(text, { eventId, keys, revokedSerials })` as it is.
 */
export interface VerificationMaterial {
  eventId: string;
  keys: { id: number; publicKey: string }[];
  revokedSerials: string;
}

/**
 * Codes that no longer let anyone in but still carry a valid signature: revoked (or re-issued) ones, and
 * those of guests deleted or merged away, among the codes signed by keys not retired (a retired key's
 * codes fail on their key already).
 */
function revokedQuery(db: Knex | Knex.Transaction, eventId: string) {
  return GuestCode.query(db)
    .where("guestCodes.eventId", eventId)
    .whereExists(
      GuestCodeKey.query(db).whereColumn("guestCodeKeys.id", "guestCodes.keyId").whereNull("guestCodeKeys.retiredAt"),
    )
    .where((where) =>
      where
        .whereNotNull("guestCodes.revokedAt")
        .orWhereNotExists(
          db("guests").where("guests.id", db.ref("guestCodes.guestId")).where("guests.eventId", eventId),
        ),
    );
}

/** The event's verification material for desks (the check-in desk endpoints serve it). */
export async function verificationMaterial(
  db: Knex | Knex.Transaction,
  eventId: string,
): Promise<VerificationMaterial> {
  const keys = await GuestCodeKey.query(db).where({ eventId }).whereNull("retiredAt").orderBy("number");
  const revoked = await revokedQuery(db, eventId).select("guestCodes.serial");
  return {
    eventId,
    keys: keys.map((key) => ({ id: key.number, publicKey: key.publicKey })),
    revokedSerials: encodeRevokedSerials(revoked.map((row) => row.serial)),
  };
}

const publicKeys = new Map<string, KeyObject>();
const SPKI_ED25519 = Buffer.from("302a300506032b6570032100", "hex");

/** Node's Ed25519 (OpenSSL): the same answers as @noble/ed25519, several times faster, for the server. */
function nodeVerifySignature(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  const id = Buffer.from(publicKey).toString("base64url");
  let key = publicKeys.get(id);
  if (!key) {
    key = createPublicKey({ key: Buffer.concat([SPKI_ED25519, publicKey]), format: "der", type: "spki" });
    if (publicKeys.size > 1000) publicKeys.clear();
    publicKeys.set(id, key);
  }
  return nodeVerify(null, message, key, signature);
}

/**
 * Verifies a scanned code against the database as it is now (online scans): the code's own key, if not
 * retired, and whether its serial is revoked or its guest gone, in one indexed read.
 */
export async function checkGuestCode(
  db: Knex | Knex.Transaction,
  eventId: string,
  text: string,
): Promise<GuestCodeVerification> {
  const parsed = parseGuestCode(text);
  if (!parsed) return { ok: false, reason: "malformed" };
  const revoked = revokedQuery(db, eventId).where("guestCodes.serial", parsed.serial).select(db.raw("1"));
  const key = (await db("guestCodeKeys")
    .where({ eventId, number: parsed.keyId })
    .whereNull("retiredAt")
    .first("publicKey", db.raw("exists ? as is_revoked", [revoked.toKnexQuery()]))) as
    { publicKey: string; isRevoked: boolean | number } | undefined;
  return verifyGuestCode(text, {
    eventId,
    keys: key ? [{ id: parsed.keyId, publicKey: fromBase64Url(key.publicKey)! }] : [],
    revokedSerials: key?.isRevoked ? [parsed.serial] : [],
    verifySignature: nodeVerifySignature,
  });
}
