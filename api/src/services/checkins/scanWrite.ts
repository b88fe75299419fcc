import { createHash } from "node:crypto";
import type { ScanAnswer, ScanDirection } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import type { LiveData, LiveStatementPart } from "../../live/liveBus.ts";
import type { Checkin } from "../../models/Checkin.ts";
import type { Scope } from "../scope.ts";
import type { GuestRow } from "./admission.ts";
import { liveScanOf, publishScan, scanTopicOf } from "./live.ts";
import { entryWasClear, type EntryChange, type Outcome, type ScanPlan } from "./scanPlan.ts";

/*
 * A scan's write, exactly once: its checkin_scans row (unique on session and scan id: a repeat fails it and
 * writes nothing), the guest's entry row changed under that row's lock, and the live message, all or none.
 * The entry's upsert decides against the row's state as it finds it (PostgreSQL waits for and locks a row
 * another desk is writing; SQLite writes one transaction at a time) and keeps that state in the row
 * (previous_state, previous_in_scan_id), so the write knows which of the plan's two answers holds.
 * - PostgreSQL, where the live bus notifies from a statement: one statement does it all (a desk's scan is
 *   one round trip after the guest's read);
 * - otherwise, a transaction of the same entry statement, then the scan's row and the message.
 */

/** Who scans: a user of the organizer API (who may force, with write access) or a desk token. */
export interface Scanner {
  userId: string | null;
  deskTokenId: string | null;
  desk: string | null;
  canForce: boolean;
}

export interface ScanToWrite {
  scope: Scope;
  checkin: Checkin;
  scanner: Scanner;
  isOffline: boolean;
  /** The checkin_scans row's id. */
  rowId: string;
  scanId: string;
  guest: GuestRow | null;
  fields: Record<string, unknown>;
  direction: ScanDirection;
  scannedAt: string;
  receivedAt: string;
}

function answerOf(scan: ScanToWrite, outcome: Outcome): ScanAnswer {
  return {
    scanId: scan.scanId,
    result: outcome.result,
    direction: scan.direction,
    guest: scan.guest ? { id: scan.guest.id, fields: scan.fields } : null,
    scannedAt: scan.scannedAt,
    receivedAt: scan.receivedAt,
    desk: scan.scanner.desk,
    forced: outcome.forced,
    flagged: outcome.flagged,
    repeated: false,
    ...outcome.details,
  };
}

/** The scan's row, but for what the answer decides (result, forced, flagged, answer). */
function scanRowOf(scan: ScanToWrite) {
  const { checkin, scanner } = scan;
  return {
    id: scan.rowId,
    accountId: checkin.accountId,
    eventId: checkin.eventId,
    checkinId: checkin.id,
    scanId: scan.scanId,
    guestId: scan.guest?.id ?? null,
    direction: scan.direction,
    offline: scan.isOffline,
    desk: scanner.desk,
    userId: scanner.userId,
    deskTokenId: scanner.deskTokenId,
    scannedAt: scan.scannedAt,
    receivedAt: scan.receivedAt,
  };
}

const flag = (value: boolean) => (value ? 1 : 0);

/**
 * The entry's change as one statement returning the row: an entry upserts it, going in when its state lets
 * it (or overridden) and keeping the state it found; an exit updates it when the guest is in.
 */
function entryStatement(trx: Knex, scan: ScanToWrite, change: Exclude<EntryChange, { kind: "none" }>) {
  const where = { checkinId: scan.checkin.id, guestId: scan.guest!.id };
  const now = scan.scope.clock.now().toISOString();
  if (change.kind === "exit") {
    return trx("checkinEntries")
      .where({ ...where, state: "in" })
      .update({ state: "out", exits: trx.raw("exits + 1"), updatedAt: now })
      .returning(["state"]);
  }
  const goes = trx.raw(
    "((checkin_entries.state = 'in' and ? = 1) or (checkin_entries.state = 'out' and ? = 1) or ? = 1)",
    [flag(change.multipleEntries), flag(change.reentryAfterExit), flag(change.overridden)],
  );
  const ifGoes = (value: Knex.Raw | string, column: string) =>
    trx.raw(`case when ? then ? else ?? end`, [goes, value, `checkin_entries.${column}`]);
  const at = scan.scannedAt;
  return trx("checkinEntries")
    .insert({
      ...where,
      state: "in",
      entries: 1,
      exits: 0,
      firstInAt: at,
      lastInScanId: scan.rowId,
      lastInAt: at,
      updatedAt: now,
    })
    .onConflict(["checkinId", "guestId"])
    .merge({
      previousState: trx.raw("checkin_entries.state"),
      previousInScanId: trx.raw("checkin_entries.last_in_scan_id"),
      state: ifGoes("in", "state"),
      entries: trx.raw("checkin_entries.entries + (case when ? then 1 else 0 end)", [goes]),
      lastInScanId: ifGoes(scan.rowId, "last_in_scan_id"),
      lastInAt: ifGoes(at, "last_in_at"),
      updatedAt: ifGoes(now, "updated_at"),
    })
    .returning(["previousState", "previousInScanId", "lastInAt"]);
}

interface EntryRow {
  previousState: string | null;
  previousInScanId: string | null;
  lastInAt: string | Date | null;
}

/** When, at which desk and by whom the guest came in before (the scan that let them in). */
async function previousEntry(trx: Knex, entry: EntryRow): Promise<NonNullable<ScanAnswer["previous"]>> {
  const scan = entry.previousInScanId
    ? ((await trx("checkinScans as s")
        .leftJoin("users as u", "u.id", "s.userId")
        .where("s.id", entry.previousInScanId)
        .first("s.scannedAt", "s.desk", "u.firstName", "u.lastName")) as
        | { scannedAt: string | Date; desk: string | null; firstName: string | null; lastName: string | null }
        | undefined)
    : undefined;
  const by = scan ? [scan.firstName, scan.lastName].filter(Boolean).join(" ") || null : null;
  const at = scan?.scannedAt ?? entry.lastInAt ?? new Date();
  return { at: new Date(at).toISOString(), desk: scan?.desk ?? null, by };
}

async function writeInTransaction(scan: ScanToWrite, plan: ScanPlan): Promise<ScanAnswer> {
  const { scope, checkin, guest } = scan;
  return scope.db.transaction(async (trx) => {
    let outcome = plan.clear;
    const { change } = plan;
    if (change.kind !== "none") {
      const [entry] = (await entryStatement(trx, scan, change)) as EntryRow[];
      const clear = change.kind === "exit" ? entry !== undefined : entryWasClear(change, entry!.previousState);
      if (!clear) {
        outcome = plan.blocked;
        if (plan.blockedTellsPrevious) {
          outcome = { ...outcome, details: { ...outcome.details, previous: await previousEntry(trx, entry!) } };
        }
      }
    }
    const answer = answerOf(scan, outcome);
    await trx("checkinScans").insert({
      ...scanRowOf(scan),
      result: answer.result,
      forced: answer.forced,
      flagged: answer.flagged,
      answer: JSON.stringify(answer),
    });
    await publishScan(trx, scope, checkin, scan.rowId, guest, answer);
    return answer;
  });
}

const preparedNames = new Map<string, string>();

/** A prepared statement's name for a text (PostgreSQL keeps one text per name and connection). */
function preparedName(sql: string): string {
  let name = preparedNames.get(sql);
  if (!name)
    preparedNames.set(sql, (name = `tessera_scan_${createHash("sha256").update(sql).digest("hex").slice(0, 24)}`));
  return name;
}

/** `previous` in SQL, as previousEntry writes it: from the scan that had let the guest in (`ps`, `pu`). */
const PREVIOUS_JSON = `jsonb_build_object('previous', jsonb_build_object(
  'at', to_char(coalesce(ps.scanned_at, e.last_in_at, now()) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'desk', ps.desk,
  'by', nullif(concat_ws(' ', nullif(pu.first_name, ''), nullif(pu.last_name, '')), '')))`;

/** The whole write as one statement (PostgreSQL, its live bus notifying from the statement). */
async function writeInOneStatement(
  scan: ScanToWrite,
  plan: ScanPlan,
  notify: (condition: string, whenTrue: LiveData, whenFalse: LiveData) => LiveStatementPart,
): Promise<ScanAnswer> {
  const { scope, checkin, guest } = scan;
  const db = scope.db;
  const { change } = plan;
  const answers = { clear: answerOf(scan, plan.clear), blocked: answerOf(scan, plan.blocked) };
  const parts: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  let clear = "true";
  let from = "(select 1) as one";
  if (change.kind !== "none") {
    const entry = entryStatement(db, scan, change).toSQL();
    parts.push(`e as (${entry.sql})`);
    bindings.push(...entry.bindings);
    from += " left join e on true";
    if (change.kind === "exit") clear = "e.state is not null";
    else {
      clear =
        "(e.previous_state is null or (e.previous_state = 'in' and ? = 1) or (e.previous_state = 'out' and ? = 1))";
      bindings.push(flag(change.multipleEntries), flag(change.reentryAfterExit));
      from += " left join checkin_scans ps on ps.id = e.previous_in_scan_id left join users pu on pu.id = ps.user_id";
    }
  }
  const blockedAnswer = plan.blockedTellsPrevious ? `(?::jsonb || ${PREVIOUS_JSON})` : "?::jsonb";
  parts.push(`k as (select ${clear} as clear, ${blockedAnswer}::json as blocked_answer from ${from})`);
  bindings.push(JSON.stringify(answers.blocked));

  const row = scanRowOf(scan);
  const columns = Object.keys(row).map((column) => db.client.wrapIdentifier(column));
  parts.push(
    `s as (insert into checkin_scans (${columns.join(", ")}, result, forced, flagged, answer) ` +
      `select ${columns.map(() => "?").join(", ")}, ` +
      "case when k.clear then ? else ? end, case when k.clear then ?::boolean else ?::boolean end, " +
      "case when k.clear then ?::boolean else ?::boolean end, case when k.clear then ?::json else k.blocked_answer end " +
      "from k returning answer)",
  );
  bindings.push(
    ...Object.values(row),
    answers.clear.result,
    answers.blocked.result,
    answers.clear.forced,
    answers.blocked.forced,
    answers.clear.flagged,
    answers.blocked.flagged,
    JSON.stringify(answers.clear),
  );
  const message = notify(
    "k.clear",
    liveScanOf(checkin, scan.rowId, guest, answers.clear),
    liveScanOf(checkin, scan.rowId, guest, answers.blocked),
  );
  const sql = `with ${parts.join(", ")} select s.answer, ${message.sql} from s, k`;
  // Prepared once per connection and shape of scan (its text): PostgreSQL plans it once, not at each scan.
  const result = (await db
    .raw(sql, [...bindings, ...(message.bindings as Knex.RawBinding[])])
    .options({ name: preparedName(sql) })) as { rows: { answer: ScanAnswer }[] };
  return result.rows[0]!.answer;
}

/** Writes the scan as its plan says: its answer, as stored (a repeat of its scan id fails with a unique violation). */
export function writeScan(scan: ScanToWrite, plan: ScanPlan): Promise<ScanAnswer> {
  const { scope, checkin } = scan;
  const notify = scope.deps.live.notifyFromStatement?.bind(scope.deps.live, scanTopicOf(checkin.eventId));
  return notify ? writeInOneStatement(scan, plan, notify) : writeInTransaction(scan, plan);
}
