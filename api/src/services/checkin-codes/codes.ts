import { randomInt } from "node:crypto";
import { GUEST_CODE_SERIAL_MAX, signGuestCode } from "@tessera/shared";
import { lockNames } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { Event } from "../../models/Event.ts";
import type { Guest } from "../../models/Guest.ts";
import { GuestCode } from "../../models/GuestCode.ts";
import { GuestCodeKey } from "../../models/GuestCodeKey.ts";
import { actorUserId } from "../../policies/actor.ts";
import { recordAudit } from "../audit/record.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { guestAuditMetadata } from "../guests/auditNames.ts";
import { findGuest } from "../guests/write.ts";
import { signedInGuest } from "../portal/signedInGuest.ts";
import type { Scope } from "../scope.ts";
import { activeKey, lockEventKeys, privateKeyOf } from "./keys.ts";
import { qrSvg } from "./qr.ts";

/**
 * Guests' entry codes: one in force per guest, issued on first need (signed with the event's active key,
 * a fresh serial), revoked and re-issued by the organizer. The text is signed again from the row each time
 * it is read (Ed25519 signatures are deterministic: the same row gives the same text).
 */

/** A guest's code as the API returns it. */
export interface EntryCodeView {
  /** The signed text the QR code carries. */
  code: string;
  serial: number;
  keyId: number;
  issuedAt: Date;
  /** The QR code as an SVG document. */
  qrSvg: string;
}

interface EventRef {
  id: string;
  accountId: string;
}

function lockGuestCodes(trx: Knex.Transaction, guestId: string): Promise<void> {
  return lockNames(trx, "guest-codes", [guestId]);
}

/** A serial no code of the event has (1 … 2^31 − 1, at random). */
async function freshSerial(trx: Knex.Transaction, eventId: string): Promise<number> {
  for (;;) {
    const serial = randomInt(1, GUEST_CODE_SERIAL_MAX + 1);
    if (!(await GuestCode.query(trx).findOne({ eventId, serial }))) return serial;
  }
}

async function issue(trx: Knex.Transaction, secret: string, event: EventRef, guestId: string, now: Date) {
  await lockEventKeys(trx, event.id);
  const key = await activeKey(trx, secret, event, now);
  return GuestCode.query(trx).insertAndFetch({
    accountId: event.accountId,
    eventId: event.id,
    guestId,
    serial: await freshSerial(trx, event.id),
    keyId: key.id,
    issuedAt: now,
    revokedAt: null,
    revokedByUserId: null,
  });
}

/** A key as codes are signed with it: its number within the event and its private key (decrypted). */
export interface SigningKey {
  number: number;
  privateKey: Uint8Array;
}

/** The signing key of key row `keyId` (null when there is none). */
export async function signingKey(
  db: Knex | Knex.Transaction,
  secret: string,
  keyId: string,
): Promise<SigningKey | null> {
  const key = await GuestCodeKey.query(db).findById(keyId);
  return key ? { number: key.number, privateKey: privateKeyOf(secret, key) } : null;
}

/** The signed text of a code row, with its key. */
export function signCode(row: GuestCode, key: SigningKey): string {
  const fields = {
    eventId: row.eventId,
    guestId: row.guestId,
    keyId: key.number,
    issuedAt: Math.floor(row.issuedAt.getTime() / 1000),
    serial: row.serial,
  };
  return signGuestCode(fields, key.privateKey);
}

async function signedWithKey(db: Knex | Knex.Transaction, secret: string, row: GuestCode) {
  const key = await signingKey(db, secret, row.keyId);
  if (!key) throw AppError.notFound();
  return { code: signCode(row, key), keyId: key.number };
}

/** The signed text of a code row. */
async function codeText(db: Knex | Knex.Transaction, secret: string, row: GuestCode): Promise<string> {
  return (await signedWithKey(db, secret, row)).code;
}

async function view(db: Knex | Knex.Transaction, secret: string, row: GuestCode): Promise<EntryCodeView> {
  const { code, keyId } = await signedWithKey(db, secret, row);
  return { code, serial: row.serial, keyId, issuedAt: row.issuedAt, qrSvg: await qrSvg(code) };
}

/**
 * The guest's code in force, issued on first need; null when their codes were revoked and none re-issued
 * (the organizer re-issues one). For services and jobs: no authorization here.
 */
async function currentGuestCode(
  db: Knex,
  secret: string,
  event: EventRef,
  guestId: string,
  now: Date,
): Promise<GuestCode | null> {
  const live = await GuestCode.query(db).findOne({ eventId: event.id, guestId, revokedAt: null });
  if (live) return live;
  return db.transaction(async (trx) => {
    await lockGuestCodes(trx, guestId);
    const codes = await GuestCode.query(trx).where({ eventId: event.id, guestId });
    const inForce = codes.find((code) => !code.revokedAt);
    if (inForce) return inForce;
    if (codes.length) return null;
    return issue(trx, secret, event, guestId, now);
  });
}

/** The text of the guest's code in force (issued on first need), or null; for emails and jobs. */
export async function currentGuestCodeText(
  db: Knex,
  secret: string,
  event: EventRef,
  guestId: string,
  now: Date,
): Promise<string | null> {
  const row = await currentGuestCode(db, secret, event, guestId, now);
  return row ? codeText(db, secret, row) : null;
}

async function guestOfEvent(scope: Scope, key: EventKey, guestId: string): Promise<{ event: Event; guest: Guest }> {
  // A code lets its holder in: only those who may change the event's guests read or change it.
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  return { event, guest: await findGuest(scope.db, event.id, guestId) };
}

/** A guest's code (editors and up); issued on first need; `null` after a revocation until re-issued. */
export async function getGuestEntryCode(
  scope: Scope,
  key: EventKey,
  guestId: string,
): Promise<{ entryCode: EntryCodeView | null }> {
  const { event, guest } = await guestOfEvent(scope, key, guestId);
  const secret = scope.deps.config.secret;
  const row = await currentGuestCode(scope.db, secret, event, guest.id, scope.clock.now());
  return { entryCode: row ? await view(scope.db, secret, row) : null };
}

/**
 * Revokes the guest's code in force, if any, by `revokedByUserId` (null: no user), the guest's codes locked;
 * answers the serial of the code revoked (null: none was in force).
 */
export async function revokeCodeInForce(
  trx: Knex.Transaction,
  eventId: string,
  guestId: string,
  now: Date,
  revokedByUserId: string | null,
): Promise<number | null> {
  await lockGuestCodes(trx, guestId);
  const inForce = await GuestCode.query(trx).findOne({ eventId, guestId, revokedAt: null });
  if (!inForce) return null;
  await GuestCode.query(trx)
    .patch({ revokedAt: now, revokedByUserId })
    .where({ eventId, guestId })
    .whereNull("revokedAt");
  return inForce.serial;
}

/**
 * The guest's history entry of a code revoked or re-issued, in the change's transaction: the guest by name
 * and the codes by serial (never their signed text, which would let its holder in).
 */
async function recordCodeAudit(
  trx: Knex.Transaction,
  scope: Scope,
  event: Event,
  guest: Guest,
  action: "guest.entry_code_revoked" | "guest.entry_code_reissued",
  values: { before: Record<string, unknown>; after?: Record<string, unknown> },
): Promise<void> {
  await recordAudit(trx, scope, {
    action,
    accountId: event.accountId,
    eventId: event.id,
    subjectType: "guest",
    subjectId: guest.id,
    before: values.before,
    after: values.after ?? null,
    metadata: await guestAuditMetadata(trx, guest),
  });
}

/**
 * Revokes the guest's code in force: desks refuse it; the guest has none until one is re-issued. With no
 * code in force nothing changes and nothing is recorded.
 */
export async function revokeGuestEntryCode(
  scope: Scope,
  key: EventKey,
  guestId: string,
): Promise<{ entryCode: EntryCodeView | null }> {
  const { event, guest } = await guestOfEvent(scope, key, guestId);
  const now = scope.clock.now();
  await scope.db.transaction(async (trx) => {
    const serial = await revokeCodeInForce(trx, event.id, guest.id, now, actorUserId(scope.actor));
    if (serial !== null)
      await recordCodeAudit(trx, scope, event, guest, "guest.entry_code_revoked", { before: { serial } });
  });
  return { entryCode: null };
}

/** Revokes the guest's code in force, if any, and issues a new one (a new serial, the active key). */
export async function reissueGuestEntryCode(
  scope: Scope,
  key: EventKey,
  guestId: string,
): Promise<{ entryCode: EntryCodeView }> {
  const { event, guest } = await guestOfEvent(scope, key, guestId);
  const secret = scope.deps.config.secret;
  const now = scope.clock.now();
  const row = await scope.db.transaction(async (trx) => {
    const revoked = await revokeCodeInForce(trx, event.id, guest.id, now, actorUserId(scope.actor));
    const issued = await issue(trx, secret, event, guest.id, now);
    await recordCodeAudit(trx, scope, event, guest, "guest.entry_code_reissued", {
      before: { serial: revoked },
      after: { serial: issued.serial },
    });
    return issued;
  });
  return { entryCode: await view(scope.db, secret, row) };
}

/** Guests who are expected at the door get their code in the portal and in their confirmation email. */
function isExpected(guest: Pick<Guest, "status">): boolean {
  return guest.status === "confirmed";
}

/** The signed-in guest's own code (guest portal); 404 when they are not confirmed or their code is revoked. */
export async function portalEntryCode(
  scope: Scope,
  slug: string,
  token: string | null,
): Promise<Omit<EntryCodeView, "keyId">> {
  const { event, guest } = await signedInGuest(scope, slug, token);
  if (!isExpected(guest)) throw AppError.notFound();
  const secret = scope.deps.config.secret;
  const row = await currentGuestCode(scope.db, secret, event, guest.id, scope.clock.now());
  if (!row) throw AppError.notFound();
  const { code, serial, issuedAt, qrSvg: svg } = await view(scope.db, secret, row);
  return { code, serial, issuedAt, qrSvg: svg };
}
