import { randomUUID } from "node:crypto";
import {
  describeRule,
  SCAN_RESULT_OF_REFUSAL,
  type GuestCodeVerification,
  type OfflineScan,
  type ScanAnswer,
  type ScanBody,
  type ScanDirection,
  type ScanResult,
} from "@tessera/shared";
import { isForeignKeyViolation, isPostgres, isUniqueViolation } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { Checkin } from "../../models/Checkin.ts";
import { CustomField } from "../../models/CustomField.ts";
import { canOnEvent } from "../../policies/events.ts";
import { checkGuestCode, checkGuestCodes } from "../checkin-codes/verification.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { chunksOf } from "../guests/selection.ts";
import { extraFacts, factNeeds, ticketNames, type ExtraFacts } from "../conditions.ts";
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
import { earliestAdmissionWins, isLateAdmission } from "./earliestAdmission.ts";
import { planScan, type Refusal } from "./scanPlan.ts";
import { writeScanBatch, type PreparedScan } from "./scanBatchWrite.ts";
import { writeScan, type Scanner, type ScanToWrite } from "./scanWrite.ts";
import { findCheckin } from "./sessions.ts";
import { answerOf } from "./storedAnswer.ts";

/*
 * Scans (spec §7 POST checkins/{id}/check), exactly once:
 * - idempotent by the client's scan id: checkin_scans is unique on (session, scan id), and the scan's row is
 *   written with the entry it makes, all or none (scanWrite.ts). A repeat (even one racing the first) fails
 *   that constraint, writes nothing, and answers the stored first answer;
 * - one entry per guest and session at a time: checkin_entries has one row per (session, guest), which an
 *   entry upserts deciding against the state it finds under the row's lock, so of two desks scanning one
 *   guest at once the second finds the first's entry and answers already_checked_in.
 * A scan reads the guest, plans its two possible answers (scanPlan.ts), then writes. Every attempt is a row
 * of checkin_scans, refusals included. Offline uploads carry their original time and are never dropped: an
 * admission the server would refuse is kept as an entry, forced and flagged; of two offline admissions of a
 * guest, the one scanned first is the clean one whichever came up first (earliestAdmission.ts).
 */

export type { Scanner } from "./scanWrite.ts";

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

/** What an upload's scans name, read for the whole batch: codes verified, guests' rows by id (null: none), their facts. */
interface BatchReads {
  codes: Map<string, GuestCodeVerification>;
  guests: Map<string, Record<string, unknown> | null>;
  extras: ExtraFacts;
}

/**
 * The guest of a scanned code (its signature checked against the event's keys, its serial against the
 * revoked ones: checkin-codes/verification.ts) or of the id found by name; a code wins over an id.
 */
async function findGuest(db: Knex, checkin: Checkin, input: ScanInput, batch?: BatchReads): Promise<Found> {
  let guestId = input.guestId;
  if (input.code !== undefined) {
    const code = input.code.trim();
    const verified = batch?.codes.get(code) ?? (await checkGuestCode(db, checkin.eventId, code));
    if (!verified.ok) return { result: SCAN_RESULT_OF_REFUSAL[verified.reason] };
    guestId = verified.guestId;
  }
  if (guestId === undefined) return { result: "unknown" };
  const row = batch?.guests.has(guestId) ? batch.guests.get(guestId) : await guestRow(db, checkin, guestId);
  if (!row) return { result: "unknown" };
  if (row.eventId !== checkin.eventId) return { result: "other_event" };
  return { guest: guestRowOf(row) };
}

/** The account's guests, with the columns a scan reads (the event is told apart after: other_event). */
const guestsOf = (db: Knex, checkin: Checkin) =>
  db("guests")
    .where({ accountId: checkin.accountId })
    .select(GUEST_COLUMNS.map((column) => `guests.${column}`));

async function guestRow(db: Knex, checkin: Checkin, guestId: string) {
  const query = guestsOf(db, checkin).where({ id: guestId }).first();
  // One text for every scan: PostgreSQL prepares it once per connection.
  if (isPostgres(db)) query.options({ name: "tessera_scan_guest" });
  return (await query) as Record<string, unknown> | undefined;
}

/** An upload's codes verified and its guests read, each in one query (the scans are then written one by one). */
async function batchReads(db: Knex, checkin: Checkin, scans: readonly OfflineScan[]): Promise<BatchReads> {
  const texts = scans.flatMap((scan) => (scan.code !== undefined ? [scan.code.trim()] : []));
  const codes = await checkGuestCodes(db, checkin.eventId, texts);
  const ids = new Set(scans.flatMap((scan) => (scan.code === undefined && scan.guestId ? [scan.guestId] : [])));
  for (const verified of codes.values()) if (verified.ok) ids.add(verified.guestId);
  const guests = new Map<string, Record<string, unknown> | null>([...ids].map((id) => [id, null]));
  for (const chunk of chunksOf([...ids])) {
    const rows = (await guestsOf(db, checkin).whereIn("id", chunk)) as Record<string, unknown>[];
    for (const row of rows) guests.set(row.id as string, row);
  }
  const found = [...guests].flatMap(([id, row]) => (row ? [id] : []));
  return { codes, guests, extras: await extraFacts(db, sessionRule(checkin), found) };
}

/**
 * The refusal's words: the failing part of the rule (for unpaid, the part the guest's paid tickets fail),
 * described by the engine in the caller's language, the event's ticket types named.
 */
async function refusalDetails(scope: Scope, checkin: Checkin, refusal: Exclude<Admission, { admitted: true }>) {
  if (refusal.result === "not_confirmed") return { status: refusal.status };
  const namesTickets = factNeeds([refusal.failing]).tickets;
  const [fields, tickets] = await Promise.all([
    CustomField.query(scope.db).where({ eventId: checkin.eventId }),
    namesTickets ? ticketNames(scope.db, checkin.eventId) : [],
  ]);
  return { rule: describeRule(refusal.failing, fields, scope.t, { tickets }) };
}

/** The stored answer of a scan id in the session, given again. */
async function storedAnswer(db: Knex, checkinId: string, scanId: string): Promise<ScanAnswer | null> {
  const row = (await db("checkinScans").where({ checkinId, scanId }).first("answer")) as
    { answer: string | ScanAnswer } | undefined;
  return row ? { ...answerOf(row.answer), repeated: true } : null;
}

/** What a scan needs before anything is read: a code or a guest; forcing, a scanner who may. */
function requireScannable(run: ScanRun, input: ScanInput): void {
  if (input.code === undefined && input.guestId === undefined)
    throw AppError.invalid([{ field: "guestId", code: "required" }]);
  if (input.force && !run.scanner.canForce) throw AppError.forbidden();
}

/** A stored answer given again, settled again: the first upload may have stopped between its write and the settling. */
async function settledAgain(run: ScanRun, stored: ScanAnswer): Promise<ScanAnswer> {
  const settled = await settleOffline(run, stored);
  return settled === stored ? stored : { ...settled, repeated: true };
}

/**
 * A scan, or the stored answer of its scan id: no read first, the unique (session, scan id) of checkin_scans
 * turns a repeat (or one racing the first) into the stored answer, its transaction rolled back whole.
 */
async function scanOnce(run: ScanRun, input: ScanInput): Promise<ScanAnswer> {
  const { scope, checkin } = run;
  requireScannable(run, input);
  const receivedAt = scope.clock.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await readAndWrite(run, input, receivedAt);
    } catch (error) {
      // The guest went away between the read and the write (merged into another, deleted): read again.
      if (isForeignKeyViolation(error) && attempt === 1) continue;
      if (!isUniqueViolation(error)) throw error;
      // The same scan id got there first (a repeat racing it): its answer, and nothing of ours.
      const stored = await storedAnswer(scope.db, checkin.id, input.scanId);
      if (!stored) throw error;
      return settledAgain(run, stored);
    }
  }
}

/** An offline admission stored flagged, settled against the guest's other offline admission: earliest wins. */
async function settleOffline(run: ScanRun, answer: ScanAnswer): Promise<ScanAnswer> {
  if (!run.isOffline || !isLateAdmission(answer)) return answer;
  return (await earliestAdmissionWins(run.scope, run.checkin, answer)) ?? answer;
}

/** The scan: its guest read, its two possible answers planned, then written (scanWrite.ts). */
async function readAndWrite(run: ScanRun, input: ScanInput, receivedAt: Date): Promise<ScanAnswer> {
  const { write, plan } = await prepareScan(run, input, receivedAt);
  return settleOffline(run, await writeScan(write, plan));
}

/** The scan's guest read (from the batch's reads when given), and its two possible answers planned. */
async function prepareScan(
  run: ScanRun,
  input: ScanInput,
  receivedAt: Date,
  batch?: BatchReads,
): Promise<PreparedScan> {
  const { scope, checkin } = run;
  const scannedAt = input.scannedAt ? new Date(input.scannedAt) : receivedAt;
  const direction = input.direction ?? "in";
  const found = await findGuest(scope.db, checkin, input, batch);
  const guest = "guest" in found ? found.guest : null;

  // What the guest's row alone decides, before any entry is read.
  let rowRefusal: Refusal | null = null;
  if (guest && direction === "in") {
    const rule = sessionRule(checkin);
    const verdict = admission(rule, guest, batch?.extras ?? (await extraFacts(scope.db, rule, [guest.id])));
    if (!verdict.admitted)
      rowRefusal = { result: verdict.result, details: await refusalDetails(scope, checkin, verdict) };
  }
  const plan = planScan({
    checkin,
    hasGuest: guest !== null,
    unknownResult: "result" in found ? found.result : "unknown",
    direction,
    isOffline: run.isOffline,
    localResult: input.localResult ?? "ok",
    force: input.force ?? false,
    rowRefusal,
  });
  const write: ScanToWrite = {
    ...run,
    rowId: randomUUID(),
    scanId: input.scanId,
    guest,
    fields: guest ? displayedValues(checkin.displayedFields, guest) : {},
    direction,
    scannedAt: scannedAt.toISOString(),
    receivedAt: receivedAt.toISOString(),
  };
  return { write, plan };
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
  return scanBatch(scope, scans, await uploadRunOf(scope, key, checkinId));
}

/** The same upload written scan by scan, as a batch that failed as a whole is: the batch's reference. */
export async function checkBatchOneByOne(
  scope: Scope,
  key: EventKey,
  checkinId: string,
  scans: readonly OfflineScan[],
): Promise<ScanAnswer[]> {
  return scanEach(scans, await uploadRunOf(scope, key, checkinId));
}

/** An organizer's upload: the event, the session and the caller's rights read once; each scan names its own desk. */
async function uploadRunOf(scope: Scope, key: EventKey, checkinId: string) {
  const run = await userContext(scope, key, checkinId, undefined, true);
  return (scan: OfflineScan): ScanRun => ({ ...run, scanner: { ...run.scanner, desk: deskName(scan.desk) } });
}

export async function deskCheck(scope: Scope, desk: Desk, body: ScanBody): Promise<ScanAnswer> {
  requireEnabled(desk.checkin);
  return scanOnce(deskContext(scope, desk, false), body);
}

export async function deskCheckBatch(scope: Scope, desk: Desk, scans: readonly OfflineScan[]): Promise<ScanAnswer[]> {
  const run = deskContext(scope, desk, true);
  return scanBatch(scope, scans, () => run);
}

/**
 * An upload's scans in one transaction: one commit for the batch, not one a scan (each commit waits for its
 * flush to disk), and its scans written together (scanBatchWrite.ts) rather than one statement each. Scan ids
 * already stored, or twice in the upload, are answered from what is stored, read in one query first, so that
 * no statement fails inside the transaction. One that still fails (the same upload sent again while this one
 * runs, a guest merged away meanwhile) rolls the batch back whole, and each scan then goes on its own, as a
 * single scan does (scanEach).
 */
async function scanBatch(
  scope: Scope,
  scans: readonly OfflineScan[],
  runOf: (scan: OfflineScan) => ScanRun,
): Promise<ScanAnswer[]> {
  if (scans.length === 0) return [];
  try {
    return await scope.db.transaction((trx) => scanTogether({ ...scope, db: trx }, scans, runOf));
  } catch (error) {
    if (!isUniqueViolation(error) && !isForeignKeyViolation(error)) throw error;
    return scanEach(scans, runOf);
  }
}

/** Each scan on its own, in order: what a batch that failed as a whole falls back to. */
async function scanEach(scans: readonly OfflineScan[], runOf: (scan: OfflineScan) => ScanRun): Promise<ScanAnswer[]> {
  const answers: ScanAnswer[] = [];
  for (const scan of scans) answers.push(await scanOnce(runOf(scan), scan));
  return answers;
}

interface Pending {
  index: number;
  run: ScanRun;
  prepared: PreparedScan;
}

/**
 * Whether the scan, written, may be an offline admission that the guest's other one then overtakes (earliest
 * wins): its guest's next scan must see the entry as that settling leaves it, so it is written after it.
 */
const maySettle = ({ run, prepared: { plan } }: Pending) =>
  run.isOffline &&
  plan.change.kind === "enter" &&
  plan.blocked.forced &&
  plan.blocked.flagged &&
  plan.blocked.details.conflict === "already_checked_in";

/**
 * The batch's scans, inside its transaction (`inBatch.db`): read together, planned one by one, written together,
 * giving the answers that scanning them one after the other gives. Written early, before the scan that needs
 * them so: the pending scans before a scan id stored or seen (its answer is the stored one), and before a scan
 * of a guest whose pending admission may settle.
 */
async function scanTogether(
  inBatch: Scope,
  scans: readonly OfflineScan[],
  runOf: (scan: OfflineScan) => ScanRun,
): Promise<ScanAnswer[]> {
  const trx = inBatch.db;
  const { checkin } = runOf(scans[0]!);
  const receivedAt = inBatch.clock.now();
  const stored = await storedAnswers(
    trx,
    checkin.id,
    scans.map((scan) => scan.scanId),
  );
  const reads = await batchReads(trx, checkin, scans);
  const answers: ScanAnswer[] = new Array(scans.length);
  let pending: Pending[] = [];
  const pendingScanIds = new Set<string>();
  const settlingGuests = new Set<string>();

  // Whether stored answers may have changed since they were read: a write's settling, or a repeat's, may have
  // overtaken a stored admission of its guest.
  let storedMayHaveChanged = false;

  const writePending = async () => {
    if (pending.length === 0) return;
    storedMayHaveChanged = true;
    const written = await writeScanBatch(
      inBatch,
      checkin,
      pending.map((scan) => scan.prepared),
    );
    for (const [position, scan] of pending.entries()) {
      const answer = await settleOffline(scan.run, written[position]!);
      answers[scan.index] = answer;
      stored.set(scan.prepared.write.scanId, { ...answer, repeated: true }); // read again when repeated
    }
    pending = [];
    pendingScanIds.clear();
    settlingGuests.clear();
  };

  for (const [index, scan] of scans.entries()) {
    const run: ScanRun = { ...runOf(scan), scope: inBatch };
    requireScannable(run, scan);
    if (pendingScanIds.has(scan.scanId)) await writePending();
    const earlier = stored.get(scan.scanId);
    if (earlier) {
      await writePending();
      const current = storedMayHaveChanged ? ((await storedAnswer(trx, checkin.id, scan.scanId)) ?? earlier) : earlier;
      answers[index] = await settledAgain(run, current);
      if (answers[index] !== current) storedMayHaveChanged = true;
      continue;
    }
    const prepared = await prepareScan(run, scan, receivedAt, reads);
    const guestId = prepared.write.guest?.id;
    if (guestId && settlingGuests.has(guestId)) await writePending();
    const next: Pending = { index, run, prepared };
    pending.push(next);
    pendingScanIds.add(scan.scanId);
    if (guestId && maySettle(next)) settlingGuests.add(guestId);
  }
  await writePending();
  return answers;
}

/** The stored answers of these scan ids in the session (given again: repeated), by scan id. */
async function storedAnswers(db: Knex, checkinId: string, scanIds: string[]): Promise<Map<string, ScanAnswer>> {
  const answers = new Map<string, ScanAnswer>();
  for (const chunk of chunksOf(scanIds)) {
    const rows = (await db("checkinScans")
      .where({ checkinId })
      .whereIn("scanId", chunk)
      .select("scanId", "answer")) as { scanId: string; answer: string | ScanAnswer }[];
    for (const row of rows) answers.set(row.scanId, { ...answerOf(row.answer), repeated: true });
  }
  return answers;
}
