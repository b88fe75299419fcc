import { createGuestCodeKeyPair, fromBase64Url, GUEST_CODE_KEY_ID_MAX } from "@tessera/shared";
import { lockNames } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../audit/record.ts";
import { GuestCode } from "../../models/GuestCode.ts";
import { GuestCodeKey } from "../../models/GuestCodeKey.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import type { Scope } from "../scope.ts";
import { openPrivateKey, sealPrivateKey } from "./keyVault.ts";

/**
 * An event's keys that sign guests' entry codes. The active key (the newest not retired) signs every code
 * issued; it is created on first need. A rotation makes a new key active while the older ones still verify
 * the codes they signed, until they are retired; retiring a key re-signs its codes in force with the active
 * key (same serials), so the texts it signed stop verifying while the guests' current codes go on working.
 */

interface EventRef {
  id: string;
  accountId: string;
}

/** Serialises key changes of one event (PostgreSQL advisory lock; SQLite writes one at a time). */
export function lockEventKeys(trx: Knex.Transaction, eventId: string): Promise<void> {
  return lockNames(trx, "guest-code-keys", [eventId]);
}

/** The event's keys, oldest first. */
async function keysOf(db: Knex | Knex.Transaction, eventId: string): Promise<GuestCodeKey[]> {
  return GuestCodeKey.query(db).where({ eventId }).orderBy("number");
}

async function createKey(trx: Knex.Transaction, secret: string, event: EventRef, now: Date): Promise<GuestCodeKey> {
  const last = (await GuestCodeKey.query(trx).where({ eventId: event.id }).max("number as max").first()) as unknown as {
    max: number | null;
  };
  const number = Number(last?.max ?? 0) + 1;
  if (number > GUEST_CODE_KEY_ID_MAX) throw new AppError("qrcodes_not_generated", 409);
  const pair = createGuestCodeKeyPair();
  return GuestCodeKey.query(trx).insertAndFetch({
    accountId: event.accountId,
    eventId: event.id,
    number,
    publicKey: pair.publicKey,
    privateKeyEncrypted: sealPrivateKey(secret, event.id, number, fromBase64Url(pair.privateKey)!),
    createdAt: now,
    retiredAt: null,
  });
}

/** The key new codes are signed with, created on first need (call inside a transaction holding lockEventKeys). */
export async function activeKey(
  trx: Knex.Transaction,
  secret: string,
  event: EventRef,
  now: Date,
): Promise<GuestCodeKey> {
  const active = await GuestCodeKey.query(trx)
    .where({ eventId: event.id })
    .whereNull("retiredAt")
    .orderBy("number", "desc")
    .first();
  return active ?? createKey(trx, secret, event, now);
}

/** The private key of a key row (decrypted with the server's secret). */
export function privateKeyOf(secret: string, key: GuestCodeKey): Uint8Array {
  return openPrivateKey(secret, key.eventId, key.number, key.privateKeyEncrypted);
}

/** The event's keys as the API shows them (never a private key). */
export interface GuestCodeKeyView {
  id: number;
  publicKey: string;
  createdAt: Date;
  retiredAt: Date | null;
  isActive: boolean;
}

function viewKeys(keys: readonly GuestCodeKey[]): GuestCodeKeyView[] {
  const active = [...keys].reverse().find((key) => !key.retiredAt);
  return keys.map((key) => ({
    id: key.number,
    publicKey: key.publicKey,
    createdAt: key.createdAt,
    retiredAt: key.retiredAt,
    isActive: key === active,
  }));
}

/**
 * The event's history entry of a key change, in the change's transaction: the key by its number only (its
 * public and private keys never go in).
 */
async function recordKeyAudit(
  trx: Knex.Transaction,
  scope: Scope,
  event: EventRef,
  key: GuestCodeKey,
  action: "entry_code_key.rotated" | "entry_code_key.retired",
  values: { before?: Record<string, unknown>; after: Record<string, unknown> },
): Promise<void> {
  await recordAudit(trx, scope, {
    action,
    accountId: event.accountId,
    eventId: event.id,
    subjectType: "guestCodeKey",
    subjectId: key.id,
    before: values.before ?? null,
    after: values.after,
  });
}

/** The event's signing keys (editors and up: events.update). */
export async function listGuestCodeKeys(scope: Scope, key: EventKey): Promise<GuestCodeKeyView[]> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  return viewKeys(await keysOf(scope.db, event.id));
}

/** A new active key; the older keys still verify their codes until retired. */
export async function rotateGuestCodeKey(scope: Scope, key: EventKey): Promise<GuestCodeKeyView[]> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  return scope.db.transaction(async (trx) => {
    await lockEventKeys(trx, event.id);
    const created = await createKey(trx, scope.deps.config.secret, event, scope.clock.now());
    await recordKeyAudit(trx, scope, event, created, "entry_code_key.rotated", { after: { number: created.number } });
    return viewKeys(await keysOf(trx, event.id));
  });
}

/**
 * Retires key `number`: the codes it signed no longer verify. The guests' codes in force that it signed
 * are signed again with the active key (a new one when the retired key was the active one), same serials.
 * Retiring a key already retired changes nothing and records nothing.
 */
export async function retireGuestCodeKey(scope: Scope, key: EventKey, number: number): Promise<GuestCodeKeyView[]> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  const now = scope.clock.now();
  return scope.db.transaction(async (trx) => {
    await lockEventKeys(trx, event.id);
    const retired = await GuestCodeKey.query(trx).findOne({ eventId: event.id, number });
    if (!retired) throw AppError.notFound();
    if (!retired.retiredAt) {
      const secret = scope.deps.config.secret;
      // Retiring the key new codes are signed with makes a new one: signing never falls back to an older key.
      const wasActive = (await activeKey(trx, secret, event, now)).id === retired.id;
      await GuestCodeKey.query(trx).patch({ retiredAt: now }).where({ id: retired.id });
      if (wasActive) await createKey(trx, secret, event, now);
      const live = await GuestCode.query(trx).where({ keyId: retired.id }).whereNull("revokedAt").resultSize();
      let resignedWith: number | null = null;
      if (live > 0) {
        const active = await activeKey(trx, secret, event, now);
        await GuestCode.query(trx)
          .patch({ keyId: active.id, issuedAt: now })
          .where({ keyId: retired.id })
          .whereNull("revokedAt");
        resignedWith = active.number;
      }
      await recordKeyAudit(trx, scope, event, retired, "entry_code_key.retired", {
        before: { number: retired.number, retiredAt: null },
        after: { number: retired.number, retiredAt: now, resignedCodes: live, resignedWithKey: resignedWith },
      });
    }
    return viewKeys(await keysOf(trx, event.id));
  });
}
