import { createHash } from "node:crypto";
import { personName, type ScanAnswer, type ScanDirection } from "@tessera/shared";
import { compileOnce, type CompiledStatement } from "../../db/compiledOnce.ts";
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

/** The answer a scan gets for the outcome its write decided. */
export function answerOfOutcome(scan: ScanToWrite, outcome: Outcome): ScanAnswer {
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
export function scanRowOf(scan: ScanToWrite) {
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

/** What the entry's statement binds (flags as 1 or 0: both databases bind them alike). */
interface EntryValues extends Record<string, Knex.Value> {
  checkinId: string;
  guestId: string;
  rowId: string;
  at: string;
  now: string;
  multiple: number;
  reentry: number;
  overridden: number;
}

const ENTRY_VALUES = ["checkinId", "guestId", "rowId", "at", "now", "multiple", "reentry", "overridden"] as const;

function entryValuesOf(scan: ScanToWrite, change: Exclude<EntryChange, { kind: "none" }>): EntryValues {
  const enter = change.kind === "enter" ? change : null;
  return {
    checkinId: scan.checkin.id,
    guestId: scan.guest!.id,
    rowId: scan.rowId,
    at: scan.scannedAt,
    now: scan.scope.clock.now().toISOString(),
    multiple: flag(enter?.multipleEntries ?? false),
    reentry: flag(enter?.reentryAfterExit ?? false),
    overridden: flag(enter?.overridden ?? false),
  };
}

/**
 * The entry's change as one statement returning the row: an entry upserts it, going in when its state lets
 * it (or overridden) and keeping the state it found; an exit updates it when the guest is in.
 */
function entryStatement(db: Knex, kind: "enter" | "exit", values: EntryValues) {
  const where = { checkinId: values.checkinId, guestId: values.guestId };
  if (kind === "exit") {
    return db("checkinEntries")
      .where({ ...where, state: "in" })
      .update({ state: "out", exits: db.raw("exits + 1"), updatedAt: values.now })
      .returning(["state"]);
  }
  const goes = db.raw(
    "((checkin_entries.state = 'in' and ? = 1) or (checkin_entries.state = 'out' and ? = 1) or ? = 1)",
    [values.multiple, values.reentry, values.overridden],
  );
  const ifGoes = (value: Knex.Value, column: string) =>
    db.raw(`case when ? then ? else ?? end`, [goes, value, `checkin_entries.${column}`]);
  return db("checkinEntries")
    .insert({
      ...where,
      state: "in",
      entries: 1,
      exits: 0,
      firstInAt: values.at,
      lastInScanId: values.rowId,
      lastInAt: values.at,
      updatedAt: values.now,
    })
    .onConflict(["checkinId", "guestId"])
    .merge({
      previousState: db.raw("checkin_entries.state"),
      previousInScanId: db.raw("checkin_entries.last_in_scan_id"),
      state: ifGoes("in", "state"),
      entries: db.raw("checkin_entries.entries + (case when ? then 1 else 0 end)", [goes]),
      lastInScanId: ifGoes(values.rowId, "last_in_scan_id"),
      lastInAt: ifGoes(values.at, "last_in_at"),
      updatedAt: ifGoes(values.now, "updated_at"),
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
  const by = scan ? personName(scan.firstName, scan.lastName) : null;
  const at = scan?.scannedAt ?? entry.lastInAt ?? new Date();
  return { at: new Date(at).toISOString(), desk: scan?.desk ?? null, by };
}

async function writeInTransaction(scan: ScanToWrite, plan: ScanPlan): Promise<ScanAnswer> {
  const { scope, checkin, guest } = scan;
  return scope.db.transaction(async (trx) => {
    let outcome = plan.clear;
    const { change } = plan;
    if (change.kind !== "none") {
      const [entry] = (await entryStatement(trx, change.kind, entryValuesOf(scan, change))) as EntryRow[];
      const clear = change.kind === "exit" ? entry !== undefined : entryWasClear(change, entry!.previousState);
      if (!clear) {
        outcome = plan.blocked;
        if (plan.blockedTellsPrevious) {
          outcome = { ...outcome, details: { ...outcome.details, previous: await previousEntry(trx, entry!) } };
        }
      }
    }
    const answer = answerOfOutcome(scan, outcome);
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

/** `previous` in SQL, as previousEntry writes it: from the scan that had let the guest in (`ps`, `pu`). */
const PREVIOUS_JSON = `jsonb_build_object('previous', jsonb_build_object(
  'at', to_char(coalesce(ps.scanned_at, e.last_in_at, now()) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'desk', ps.desk,
  'by', nullif(concat_ws(' ', nullif(pu.first_name, ''), nullif(pu.last_name, '')), '')))`;

/** The shape of a scan's one statement: what its text depends on. */
interface Shape {
  change: EntryChange["kind"];
  tellsPrevious: boolean;
  notifySql: string;
}

interface OneStatement {
  sql: string;
  /** Its prepared statement's name (PostgreSQL keeps one text per name and connection). */
  name: string;
  entry: CompiledStatement<EntryValues> | null;
}

const SCAN_COLUMNS = Object.keys(scanRowOf({ checkin: {}, scanner: {} } as unknown as ScanToWrite));

/** The text of a shape of scan's one statement, built once: its bindings in scanBindings' order. */
function oneStatementOf(db: Knex, shape: Shape): OneStatement {
  const parts: string[] = [];
  let entry: CompiledStatement<EntryValues> | null = null;
  let clear = "true";
  let from = "(select 1) as one";
  if (shape.change !== "none") {
    const kind = shape.change;
    entry = compileOnce(ENTRY_VALUES, (values: EntryValues) => entryStatement(db, kind, values));
    parts.push(`e as (${entry.sql})`);
    from += " left join e on true";
    if (kind === "exit") clear = "e.state is not null";
    else {
      clear =
        "(e.previous_state is null or (e.previous_state = 'in' and ? = 1) or (e.previous_state = 'out' and ? = 1))";
      from += " left join checkin_scans ps on ps.id = e.previous_in_scan_id left join users pu on pu.id = ps.user_id";
    }
  }
  const blockedAnswer = shape.tellsPrevious ? `(?::jsonb || ${PREVIOUS_JSON})` : "?::jsonb";
  parts.push(`k as (select ${clear} as clear, ${blockedAnswer}::json as blocked_answer from ${from})`);
  const columns = SCAN_COLUMNS.map((column) => db.client.wrapIdentifier(column));
  parts.push(
    `s as (insert into checkin_scans (${columns.join(", ")}, result, forced, flagged, answer) ` +
      `select ${columns.map(() => "?").join(", ")}, ` +
      "case when k.clear then ? else ? end, case when k.clear then ?::boolean else ?::boolean end, " +
      "case when k.clear then ?::boolean else ?::boolean end, case when k.clear then ?::json else k.blocked_answer end " +
      "from k returning answer)",
  );
  const sql = `with ${parts.join(", ")} select s.answer, ${shape.notifySql} from s, k`;
  return { sql, name: `tessera_scan_${createHash("sha256").update(sql).digest("hex").slice(0, 24)}`, entry };
}

/** Each database's statements, by shape. */
const oneStatements = new WeakMap<object, Map<string, OneStatement>>();

function cachedOneStatement(db: Knex, shape: Shape): OneStatement {
  let byShape = oneStatements.get(db.client);
  if (!byShape) oneStatements.set(db.client, (byShape = new Map()));
  const key = `${shape.change}:${shape.tellsPrevious}:${shape.notifySql}`;
  let statement = byShape.get(key);
  if (!statement) byShape.set(key, (statement = oneStatementOf(db, shape)));
  return statement;
}

/** The whole write as one statement (PostgreSQL, its live bus notifying from the statement). */
async function writeInOneStatement(
  scan: ScanToWrite,
  plan: ScanPlan,
  notify: (condition: string, whenTrue: LiveData, whenFalse: LiveData) => LiveStatementPart,
): Promise<ScanAnswer> {
  const { scope, checkin, guest } = scan;
  const { change } = plan;
  const answers = { clear: answerOfOutcome(scan, plan.clear), blocked: answerOfOutcome(scan, plan.blocked) };
  const message = notify(
    "k.clear",
    liveScanOf(checkin, scan.rowId, guest, answers.clear),
    liveScanOf(checkin, scan.rowId, guest, answers.blocked),
  );
  const statement = cachedOneStatement(scope.db, {
    change: change.kind,
    tellsPrevious: plan.blockedTellsPrevious,
    notifySql: message.sql,
  });
  const bindings: Knex.Value[] = [];
  if (change.kind !== "none") {
    bindings.push(...statement.entry!.bind(entryValuesOf(scan, change)));
    if (change.kind === "enter") bindings.push(flag(change.multipleEntries), flag(change.reentryAfterExit));
  }
  bindings.push(
    JSON.stringify(answers.blocked),
    ...Object.values(scanRowOf(scan)),
    answers.clear.result,
    answers.blocked.result,
    answers.clear.forced,
    answers.blocked.forced,
    answers.clear.flagged,
    answers.blocked.flagged,
    JSON.stringify(answers.clear),
    ...(message.bindings as Knex.Value[]),
  );
  // Prepared once per connection and shape of scan (its text): PostgreSQL plans it once, not at each scan.
  const result = (await scope.db.raw(statement.sql, bindings).options({ name: statement.name })) as {
    rows: { answer: ScanAnswer }[];
  };
  return result.rows[0]!.answer;
}

/** Writes the scan as its plan says: its answer, as stored (a repeat of its scan id fails with a unique violation). */
export function writeScan(scan: ScanToWrite, plan: ScanPlan): Promise<ScanAnswer> {
  const { scope, checkin } = scan;
  const notify = scope.deps.live.notifyFromStatement?.bind(scope.deps.live, scanTopicOf(checkin.eventId));
  return notify ? writeInOneStatement(scan, plan, notify) : writeInTransaction(scan, plan);
}
