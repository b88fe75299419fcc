import { randomUUID } from "node:crypto";
import {
  describeRule,
  type GuestCodeRefusal,
  type OfflineScan,
  type ScanAnswer,
  type ScanBody,
  type ScanDirection,
  type ScanResult,
} from "@tessera/shared";
import { isUniqueViolation, lockForUpdate } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { Checkin } from "../../models/Checkin.ts";
import { CustomField } from "../../models/CustomField.ts";
import { canOnEvent } from "../../policies/events.ts";
import { checkGuestCode } from "../checkin-codes/verification.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { extraFacts } from "../conditions.ts";
import type { Scope } from "../scope.ts";
import {
  admission,
  displayedValues,
  GUEST_COLUMNS,
  guestRowOf,
  sessionRule,
  type Admission,
  type GuestRow,
} from "./admission.ts";
import { requireEnabled, type Desk } from "./desk.ts";
import { publishScan } from "./live.ts";
import { findCheckin } from "./sessions.ts";

/*
 * Scans (spec §7 POST checkins/{id}/check), exactly once:
 * - idempotent by the client's scan id: checkin_scans is unique on (session, scan id), and the scan's row is
 *   written in the same transaction as the entry it makes. A repeat (even one racing the first) fails that
 *   constraint, its transaction rolls back whole, and it answers the stored first answer: nothing new recorded;
 * - one entry per guest and session at a time: checkin_entries has one row per (session, guest). An entry
 *   upserts that row (INSERT … ON CONFLICT DO UPDATE … RETURNING): on PostgreSQL the statement inserts it or
 *   waits for and then locks the existing one until the transaction ends, so of two desks scanning one guest
 *   at once the second reads the first's committed entry and answers already_checked_in. SQLite runs one
 *   writing transaction at a time. An exit locks the row the same way (SELECT … FOR UPDATE).
 * Every attempt is a row of checkin_scans, refusals included. Offline uploads carry their original time and are
 * never dropped: an admission the server would refuse is kept as an entry, forced and flagged.
 */

/** Who scans: a user of the organizer API (who may force, with write access) or a desk token. */
export interface Scanner {
  userId: string | null;
  deskTokenId: string | null;
  desk: string | null;
  canForce: boolean;
}

interface ScanInput {
  scanId: string;
  code?: string;
  guestId?: string;
  direction?: ScanDirection;
  scannedAt?: string;
  force?: boolean;
  /** Offline uploads: what the desk answered (ok: the guest went in). */
  localResult?: ScanResult;
}

interface ScanRun {
  scope: Scope;
  checkin: Checkin;
  scanner: Scanner;
  isOffline: boolean;
}

/** The guest a scan names, or why there is none. */
type Found = { guest: GuestRow } | { result: "unknown" | "revoked" | "other_event" };

/** What a signed code that does not let anyone in answers: a revoked one, another event's, else unknown. */
const CODE_REFUSALS: Record<GuestCodeRefusal, "unknown" | "revoked" | "other_event"> = {
  malformed: "unknown",
  unknown_key: "unknown",
  bad_signature: "unknown",
  revoked: "revoked",
  other_event: "other_event",
};

/**
 * The guest of a scanned code (its signature checked against the event's keys, its serial against the
 * revoked ones: checkin-codes/verification.ts) or of the id found by name; a code wins over an id.
 */
async function findGuest(db: Knex, checkin: Checkin, input: ScanInput): Promise<Found> {
  let guestId = input.guestId;
  if (input.code !== undefined) {
    const verified = await checkGuestCode(db, checkin.eventId, input.code.trim());
    if (!verified.ok) return { result: CODE_REFUSALS[verified.reason] };
    guestId = verified.guestId;
  }
  if (guestId === undefined) return { result: "unknown" };
  const row = (await db("guests")
    .where({ id: guestId, accountId: checkin.accountId })
    .first(GUEST_COLUMNS.map((column) => `guests.${column}`))) as Record<string, unknown> | undefined;
  if (!row) return { result: "unknown" };
  if (row.eventId !== checkin.eventId) return { result: "other_event" };
  return { guest: guestRowOf(row) };
}

interface EntryRow {
  state: "in" | "out";
  lastInScanId: string | null;
  lastInAt: string | Date | null;
}

/** When, at which desk and by whom the guest came in last (the scan that let them in). */
async function previousEntry(trx: Knex, entry: EntryRow): Promise<NonNullable<ScanAnswer["previous"]>> {
  const scan = entry.lastInScanId
    ? ((await trx("checkinScans as s")
        .leftJoin("users as u", "u.id", "s.userId")
        .where("s.id", entry.lastInScanId)
        .first("s.scannedAt", "s.desk", "u.firstName", "u.lastName")) as
        | { scannedAt: string | Date; desk: string | null; firstName: string | null; lastName: string | null }
        | undefined)
    : undefined;
  const by = scan ? [scan.firstName, scan.lastName].filter(Boolean).join(" ") || null : null;
  const at = scan?.scannedAt ?? entry.lastInAt ?? new Date();
  return { at: new Date(at).toISOString(), desk: scan?.desk ?? null, by };
}

/** The refusal's words: the failing part of the rule, described by the engine in the caller's language. */
async function refusalDetails(scope: Scope, checkin: Checkin, refusal: Exclude<Admission, { admitted: true }>) {
  if (refusal.result === "not_confirmed") return { status: refusal.status };
  const fields = await CustomField.query(scope.db).where({ eventId: checkin.eventId });
  return { rule: describeRule(refusal.failing, fields, scope.t) };
}

interface Outcome {
  result: ScanResult;
  /** Let in against the answer: by a supervisor, or an offline desk. */
  forced: boolean;
  flagged: boolean;
  details: Partial<Pick<ScanAnswer, "previous" | "rule" | "status" | "conflict">>;
}

interface Refusal {
  result: ScanResult;
  details: Outcome["details"];
}

const answered = (refusal: Refusal, flagged = false): Outcome => ({ ...refusal, forced: false, flagged });

/** Who may let a refused guest in: a supervisor forcing it, or an offline desk that already did. */
type Override = "force" | "offline" | null;

/**
 * An entry (direction in): the guest's entry row upserted and locked in `trx`, then decided: the first entry,
 * a re-entry or multiple entry the session allows, else already_checked_in — unless overridden, when it is an
 * entry forced (and flagged, offline) with what the server would have answered as its conflict.
 */
async function enter(
  trx: Knex.Transaction,
  run: ScanRun,
  guest: GuestRow,
  scanRowId: string,
  scannedAt: Date,
  rowRefusal: Refusal | null,
  override: Override,
): Promise<Outcome> {
  const { checkin } = run;
  const now = run.scope.clock.now().toISOString();
  const at = scannedAt.toISOString();
  const where = { checkinId: checkin.id, guestId: guest.id };
  const [entry] = (await trx("checkinEntries")
    .insert({
      ...where,
      state: "in",
      entries: 1,
      exits: 0,
      firstInAt: at,
      lastInScanId: scanRowId,
      lastInAt: at,
      updatedAt: now,
    })
    .onConflict(["checkinId", "guestId"])
    .merge({ updatedAt: trx.raw("??", ["checkin_entries.updated_at"]) })
    .returning(["state", "lastInScanId", "lastInAt"])) as EntryRow[];
  const isFirst = entry!.lastInScanId === scanRowId;
  let refusal = rowRefusal;
  if (!refusal && !isFirst) {
    const mayEnter = entry!.state === "in" ? checkin.multipleEntries : checkin.reentryAfterExit;
    if (!mayEnter) refusal = { result: "already_checked_in", details: { previous: await previousEntry(trx, entry!) } };
  }
  if (refusal && !override) {
    if (isFirst) await trx("checkinEntries").where(where).delete();
    return answered(refusal);
  }
  if (!isFirst) {
    await trx("checkinEntries")
      .where(where)
      .update({ state: "in", entries: trx.raw("entries + 1"), lastInScanId: scanRowId, lastInAt: at, updatedAt: now });
  }
  if (!refusal) return { result: "ok", forced: false, flagged: false, details: {} };
  return {
    result: "ok",
    forced: true,
    flagged: override === "offline",
    details: { ...refusal.details, conflict: refusal.result },
  };
}

/** An exit: the entry row locked in `trx`; a guest who is not in is answered not_checked_in. */
async function exit(trx: Knex.Transaction, run: ScanRun, guest: GuestRow, override: Override): Promise<Outcome> {
  const where = { checkinId: run.checkin.id, guestId: guest.id };
  const entry = (await lockForUpdate(trx, trx("checkinEntries").where(where).first("state"))) as
    { state: "in" | "out" } | undefined;
  if (entry?.state !== "in") return answered({ result: "not_checked_in", details: {} }, override === "offline");
  await trx("checkinEntries")
    .where(where)
    .update({ state: "out", exits: trx.raw("exits + 1"), updatedAt: run.scope.clock.now().toISOString() });
  return { result: "ok", forced: false, flagged: false, details: {} };
}

/** The stored answer of a scan id in the session, given again. */
async function storedAnswer(db: Knex, checkinId: string, scanId: string): Promise<ScanAnswer | null> {
  const row = (await db("checkinScans").where({ checkinId, scanId }).first("answer")) as
    { answer: string | ScanAnswer } | undefined;
  if (!row) return null;
  const answer = typeof row.answer === "string" ? (JSON.parse(row.answer) as ScanAnswer) : row.answer;
  return { ...answer, repeated: true };
}

/**
 * A scan, or the stored answer of its scan id: no read first, the unique (session, scan id) of checkin_scans
 * turns a repeat (or one racing the first) into the stored answer, its transaction rolled back whole.
 */
async function scanOnce(run: ScanRun, input: ScanInput): Promise<ScanAnswer> {
  const { scope, checkin, scanner } = run;
  if (input.code === undefined && input.guestId === undefined)
    throw AppError.invalid([{ field: "guestId", code: "required" }]);
  if (input.force && !scanner.canForce) throw AppError.forbidden();
  const receivedAt = scope.clock.now();
  const scannedAt = input.scannedAt ? new Date(input.scannedAt) : receivedAt;
  const direction = input.direction ?? "in";
  const found = await findGuest(scope.db, checkin, input);
  const guest = "guest" in found ? found.guest : null;
  // An offline desk answered already: it let the guest in (ok, the default) or refused them.
  const admitted = run.isOffline && (input.localResult ?? "ok") === "ok";
  const override: Override = input.force ? "force" : admitted ? "offline" : null;

  // What the guest's row alone decides, before any entry is read.
  let rowRefusal: Refusal | null = null;
  if (guest && direction === "in") {
    const rule = sessionRule(checkin);
    const verdict = admission(rule, guest, await extraFacts(scope.db, rule, [guest.id]));
    if (!verdict.admitted)
      rowRefusal = { result: verdict.result, details: await refusalDetails(scope, checkin, verdict) };
  }

  const scanRowId = randomUUID();
  try {
    return await scope.db.transaction(async (trx) => {
      let outcome: Outcome;
      if (!guest) {
        outcome = answered({ result: (found as { result: ScanResult }).result, details: {} }, admitted);
      } else if (run.isOffline && !admitted) {
        outcome = answered({ result: input.localResult!, details: {} });
      } else if (direction === "out") {
        outcome = checkin.exitScans
          ? await exit(trx, run, guest, override)
          : answered({ result: "not_allowed", details: { rule: null } }, admitted);
      } else if (rowRefusal && !override) {
        outcome = answered(rowRefusal);
      } else {
        outcome = await enter(trx, run, guest, scanRowId, scannedAt, rowRefusal, override);
      }
      const answer: ScanAnswer = {
        scanId: input.scanId,
        result: outcome.result,
        direction,
        guest: guest ? { id: guest.id, fields: displayedValues(checkin.displayedFields, guest) } : null,
        scannedAt: scannedAt.toISOString(),
        receivedAt: receivedAt.toISOString(),
        desk: scanner.desk,
        forced: outcome.forced,
        flagged: outcome.flagged,
        repeated: false,
        ...outcome.details,
      };
      await trx("checkinScans").insert({
        id: scanRowId,
        accountId: checkin.accountId,
        eventId: checkin.eventId,
        checkinId: checkin.id,
        scanId: input.scanId,
        guestId: guest?.id ?? null,
        result: answer.result,
        direction,
        forced: answer.forced,
        flagged: answer.flagged,
        offline: run.isOffline,
        desk: scanner.desk,
        userId: scanner.userId,
        deskTokenId: scanner.deskTokenId,
        scannedAt: answer.scannedAt,
        receivedAt: answer.receivedAt,
        answer: JSON.stringify(answer),
      });
      await publishScan(trx, scope, checkin, scanRowId, guest, answer);
      return answer;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same scan id got there first (a repeat racing it): its answer, and nothing of ours.
    const stored = await storedAnswer(scope.db, checkin.id, input.scanId);
    if (!stored) throw error;
    return stored;
  }
}

const deskName = (desk: string | undefined) => desk?.trim() || null;

/** A user scans at a session of an event they see; forcing needs write access to the event. */
async function userContext(scope: Scope, key: EventKey, checkinId: string, desk: string | undefined, offline: boolean) {
  const { event, ties } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const checkin = await findCheckin(scope.db, event.id, checkinId);
  const scanner: Scanner = {
    userId: scope.actor?.kind === "user" ? scope.actor.id : null,
    deskTokenId: null,
    desk: deskName(desk),
    canForce: canOnEvent(scope.actor, "update", event, ties),
  };
  return { scope, checkin, scanner, isOffline: offline } satisfies ScanRun;
}

function deskContext(scope: Scope, desk: Desk, offline: boolean): ScanRun {
  const scanner: Scanner = { userId: null, deskTokenId: desk.token.id, desk: desk.token.desk, canForce: false };
  return { scope, checkin: desk.checkin, scanner, isOffline: offline };
}

export async function checkGuest(scope: Scope, key: EventKey, checkinId: string, body: ScanBody): Promise<ScanAnswer> {
  const run = await userContext(scope, key, checkinId, body.desk, false);
  requireEnabled(run.checkin);
  return scanOnce(run, body);
}

/** Offline uploads are taken whatever the session's status now: the scans happened. */
export async function checkBatch(
  scope: Scope,
  key: EventKey,
  checkinId: string,
  scans: readonly OfflineScan[],
): Promise<ScanAnswer[]> {
  // The event, the session and the caller's rights read once for the batch; each scan names its own desk.
  const run = await userContext(scope, key, checkinId, undefined, true);
  const answers: ScanAnswer[] = [];
  for (const scan of scans) {
    answers.push(await scanOnce({ ...run, scanner: { ...run.scanner, desk: deskName(scan.desk) } }, scan));
  }
  return answers;
}

export async function deskCheck(scope: Scope, desk: Desk, body: ScanBody): Promise<ScanAnswer> {
  requireEnabled(desk.checkin);
  return scanOnce(deskContext(scope, desk, false), body);
}

export async function deskCheckBatch(scope: Scope, desk: Desk, scans: readonly OfflineScan[]): Promise<ScanAnswer[]> {
  const run = deskContext(scope, desk, true);
  const answers: ScanAnswer[] = [];
  for (const scan of scans) answers.push(await scanOnce(run, scan));
  return answers;
}
