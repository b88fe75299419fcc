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
  // The revocation of this one code, by its serial and its guest's key: the set query (revokedQuery) would hash
  // every guest of the event where one lookup does (a genuine code's guest is the one its row names; any other
  // fails its signature below).
  const revoked = db("guestCodes")
    .where({ "guestCodes.eventId": eventId, "guestCodes.serial": parsed.serial, "guestCodes.guestId": parsed.guestId })
    .whereExists(
      db("guestCodeKeys").where("guestCodeKeys.id", db.ref("guestCodes.keyId")).whereNull("guestCodeKeys.retiredAt"),
    )
    .where((where) =>
      where
        .whereNotNull("guestCodes.revokedAt")
        .orWhereNotExists(db("guests").where({ "guests.id": parsed.guestId, "guests.eventId": eventId })),
    )
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
 * revocations of their serials in one read, as checkGuestCode does for one. By code text.
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
  for (let start = 0; start < serials.length; start += 500) {
    const rows = (await db("guestCodes")
      .leftJoin("guests", (join) =>
        join.on("guests.id", "guestCodes.guestId").andOn("guests.eventId", "guestCodes.eventId"),
      )
      .where("guestCodes.eventId", eventId)
      .whereIn("guestCodes.serial", serials.slice(start, start + 500))
      .where((where) => where.whereNotNull("guestCodes.revokedAt").orWhereNull("guests.id"))
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
