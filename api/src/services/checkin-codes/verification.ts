import { createPublicKey, verify as nodeVerify, type KeyObject } from "node:crypto";
import {
  encodeRevokedSerials,
  fromBase64Url,
  parseGuestCode,
  verifyGuestCode,
  type GuestCodeVerification,
} from "@tessera/shared";
import { isPostgres } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { GuestCodeKey } from "../../models/GuestCodeKey.ts";
import { chunksOf } from "../guests/selection.ts";

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
 * codes fail on their key already). With `guestId`, only that guest's codes, its row looked up by that id:
 * one code's revocation is then one indexed read, where each code's own guest would make PostgreSQL hash
 * every guest of the event (a genuine code's guest is the one its row names; any other fails its signature).
 */
function revokedQuery(db: Knex | Knex.Transaction, eventId: string, guestId?: string) {
  const query = db("guestCodes")
    .where("guestCodes.eventId", eventId)
    .whereExists(
      db("guestCodeKeys").where("guestCodeKeys.id", db.ref("guestCodes.keyId")).whereNull("guestCodeKeys.retiredAt"),
    )
    .where((where) =>
      where.whereNotNull("guestCodes.revokedAt").orWhereNotExists(
        db("guests")
          .where("guests.id", guestId ?? db.ref("guestCodes.guestId"))
          .where("guests.eventId", eventId),
      ),
    );
  if (guestId !== undefined) query.where("guestCodes.guestId", guestId);
  return query;
}

/** The event's verification material for desks (the check-in desk endpoints serve it). */
export async function verificationMaterial(
  db: Knex | Knex.Transaction,
  eventId: string,
): Promise<VerificationMaterial> {
  const keys = await GuestCodeKey.query(db).where({ eventId }).whereNull("retiredAt").orderBy("number");
  const revoked = (await revokedQuery(db, eventId).select("guestCodes.serial")) as { serial: number }[];
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
  const revoked = revokedQuery(db, eventId, parsed.guestId)
    .where("guestCodes.serial", parsed.serial)
    .select(db.raw("1"));
  const query = db("guestCodeKeys")
    .where({ eventId, number: parsed.keyId })
    .whereNull("retiredAt")
    .first("publicKey", db.raw("exists ? as is_revoked", [revoked]));
  // One text for every scanned code: PostgreSQL plans it once per connection.
  if (isPostgres(db)) query.options({ name: "tessera_scan_code_key" });
  const key = (await query) as { publicKey: string; isRevoked: boolean | number } | undefined;
  return verifyGuestCode(text, {
    eventId,
    keys: key ? [{ id: parsed.keyId, publicKey: fromBase64Url(key.publicKey)! }] : [],
    revokedSerials: key?.isRevoked ? [parsed.serial] : [],
    verifySignature: nodeVerifySignature,
  });
}

/**
 * Verifies many scanned codes at once (an offline desk's upload): the event's keys in force read once, and the
 * revocations of their serials in one read a chunk (the same rule as checkGuestCode's). By code text.
 */
export async function checkGuestCodes(
  db: Knex | Knex.Transaction,
  eventId: string,
  texts: readonly string[],
): Promise<Map<string, GuestCodeVerification>> {
  const parsed = new Map(texts.map((text) => [text, parseGuestCode(text)] as const));
  const serials = [...new Set([...parsed.values()].flatMap((code) => (code ? [code.serial] : [])))];
  const keys = await GuestCodeKey.query(db).where({ eventId }).whereNull("retiredAt");
  const revoked = new Set<string>();
  for (const chunk of chunksOf(serials)) {
    const rows = (await revokedQuery(db, eventId)
      .whereIn("guestCodes.serial", chunk)
      .select("guestCodes.serial", "guestCodes.guestId")) as { serial: number; guestId: string }[];
    for (const row of rows) revoked.add(`${row.serial}:${row.guestId}`);
  }
  const material = keys.map((key) => ({ id: key.number, publicKey: fromBase64Url(key.publicKey)! }));
  const answers = new Map<string, GuestCodeVerification>();
  for (const [text, code] of parsed) {
    answers.set(
      text,
      code
        ? verifyGuestCode(text, {
            eventId,
            keys: material,
            revokedSerials: revoked.has(`${code.serial}:${code.guestId}`) ? [code.serial] : [],
            verifySignature: nodeVerifySignature,
          })
        : { ok: false, reason: "malformed" },
    );
  }
  return answers;
}
