/**
 * A scan verified at the desk with no server (issue 13, item 3): the code's signature with the stored keys,
 * its revocation, the guest in the snapshot (allowed by the session's rules, or kept to be answered unpaid:
 * the ticket the rules ask for awaits its payment), then "already checked in here"
 * from the snapshot's entry and the desk's own scans since, by the session's options. Every scan goes into the
 * queue with the id made here, and is answered in the server's ScanAnswer shape.
 */
import { createPublicKey, randomUUID, verify, type KeyObject } from "node:crypto";
import { SCAN_RESULT_OF_REFUSAL, verifyGuestCode } from "@tessera/shared/checkin/guestCode";
import type { ScanDirection, ScanResult } from "@tessera/shared/rules/checkins";
import type { ScanAnswer } from "@tessera/shared/schemas/checkins";
import type { LocalDb } from "./localDb.ts";
import { createScanQueue } from "./queue.ts";
import { readSession } from "./session.ts";

export interface LocalScanInput {
  /** The scanned code's text … */
  code?: string;
  /** … or the guest found by name at the desk. */
  guestId?: string;
  direction?: ScanDirection;
  /** The scan's id and time when made before (a check the server did not answer in time). */
  scanId?: string;
  scannedAt?: string;
}

interface GuestRow {
  id: string;
  allowed: number;
  refusal: "unpaid" | null;
  fields: string;
  entry_state: ScanDirection | null;
  entry_at: string | null;
}

interface Entry {
  state: ScanDirection;
  at: string;
  /** This desk's own scan (a snapshot's entry may come from any desk). */
  here: boolean;
}

export function createLocalChecker(db: LocalDb, now: () => Date = () => new Date()) {
  const queue = createScanQueue(db);
  const keysOf = db.prepare("SELECT id, public_key AS publicKey FROM verification_keys");
  const isRevoked = db.prepare("SELECT 1 FROM revoked_serials WHERE serial = ?").pluck();
  const guestOf = db.prepare("SELECT id, allowed, refusal, fields, entry_state, entry_at FROM guests WHERE id = ?");
  const lastLocal = db.prepare(
    `SELECT direction, scanned_at FROM scans WHERE guest_id = ? AND local_result = 'ok'
     ORDER BY scanned_at DESC, position DESC LIMIT 1`,
  );

  function check(input: LocalScanInput): ScanAnswer {
    const session = readSession(db);
    if (!session) throw new Error("The desk is not signed in");
    const code = input.code?.trim() ? input.code : undefined;
    if (!code && !input.guestId) throw new Error("A scan needs a code or a guest");
    const direction = input.direction ?? "in";
    const scannedAt = input.scannedAt ?? now().toISOString();
    const scanId = input.scanId ?? randomUUID();

    const decide = (): {
      result: ScanResult;
      guestId: string | null;
      guest: ScanAnswer["guest"];
      extra?: Partial<ScanAnswer>;
    } => {
      let guestId = input.guestId ?? null;
      let issuedAt: number | null = null;
      if (code) {
        const keys = keysOf.all() as { id: number; publicKey: string }[];
        const verified = verifyGuestCode(code, {
          eventId: session.eventId,
          keys,
          revokedSerials: [],
          verifySignature,
        });
        if (!verified.ok) return { result: SCAN_RESULT_OF_REFUSAL[verified.reason], guestId: null, guest: null };
        if (isRevoked.get(verified.serial)) return { result: "revoked", guestId: null, guest: null };
        guestId = verified.guestId;
        issuedAt = verified.issuedAt;
      }
      const row = guestOf.get(guestId) as GuestRow | undefined;
      let guest: ScanAnswer["guest"];
      let entry: Entry | null = null;
      if (row) {
        guest = { id: row.id, fields: JSON.parse(row.fields) as Record<string, unknown> };
        if (row.entry_state && row.entry_at) entry = { state: row.entry_state, at: row.entry_at, here: false };
      } else if (issuedAt !== null && issuedAfterSnapshot(issuedAt, session.snapshotAsOf)) {
        // A guest registered after the last refresh: the signed code alone lets them in.
        guest = { id: guestId!, fields: {} };
      } else if (issuedAt !== null) {
        return { result: "not_allowed", guestId, guest: null, extra: { rule: null } };
      } else {
        return { result: "unknown", guestId: null, guest: null };
      }
      const local = lastLocal.get(guest.id) as { direction: ScanDirection; scanned_at: string } | undefined;
      if (local && (!entry || local.scanned_at >= entry.at))
        entry = { state: local.direction, at: local.scanned_at, here: true };

      // As the server: the guest's own refusal comes before their entry's state (an exit is not refused).
      if (row && !row.allowed && direction === "in") return { result: "unpaid", guestId: guest.id, guest };
      if (direction === "out") {
        if (!session.options.exitScans)
          return { result: "not_allowed", guestId: guest.id, guest, extra: { rule: null } };
        return { result: entry?.state === "in" ? "ok" : "not_checked_in", guestId: guest.id, guest };
      }
      const clear =
        !entry || (entry.state === "in" ? session.options.multipleEntries : session.options.reentryAfterExit);
      if (clear) return { result: "ok", guestId: guest.id, guest };
      return {
        result: "already_checked_in",
        guestId: guest.id,
        guest,
        extra: { previous: { at: entry!.at, desk: entry!.here ? session.desk : null, by: null } },
      };
    };

    const outcome = decide();
    const answer: ScanAnswer = {
      scanId,
      result: outcome.result,
      direction,
      guest: outcome.guest,
      scannedAt,
      receivedAt: scannedAt,
      desk: session.desk,
      forced: false,
      flagged: false,
      repeated: false,
      ...outcome.extra,
    };
    queue.record({
      scanId,
      code: code ?? null,
      guestId: outcome.guestId,
      direction,
      scannedAt,
      localResult: outcome.result,
      answer,
    });
    return answer;
  }

  return { check };
}

export type LocalChecker = ReturnType<typeof createLocalChecker>;

/**
 * Whether a code was issued at or after the moment the last download began (whole seconds, as codes carry
 * them): its guest may be one the snapshot could not hold yet. No snapshot yet: every code is that new.
 */
function issuedAfterSnapshot(issuedAt: number, snapshotAsOf: string | null): boolean {
  if (!snapshotAsOf) return true;
  return issuedAt >= Math.floor(Date.parse(snapshotAsOf) / 1000);
}

/** Ed25519's SubjectPublicKeyInfo header: Node's crypto takes a raw 32-byte key after it. */
const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
const publicKeys = new Map<string, KeyObject>();

/** Node's Ed25519 (OpenSSL): several times faster than the pure-JS default, for the scan's time budget. */
function verifySignature(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  const id = Buffer.from(publicKey).toString("base64");
  let key = publicKeys.get(id);
  if (!key) {
    key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, publicKey]), format: "der", type: "spki" });
    if (publicKeys.size > 64) publicKeys.clear();
    publicKeys.set(id, key);
  }
  return verify(null, message, key, signature);
}
