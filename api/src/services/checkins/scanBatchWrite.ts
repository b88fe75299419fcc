import { personName, type ScanAnswer } from "@tessera/shared";
import { isPostgres } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import type { Checkin } from "../../models/Checkin.ts";
import { chunksOf } from "../guests/selection.ts";
import type { Scope } from "../scope.ts";
import { liveScanOf, scanTopicOf } from "./live.ts";
import { entryWasClear, type Outcome, type ScanPlan } from "./scanPlan.ts";
import { answerOfOutcome, scanRowOf, type ScanToWrite } from "./scanWrite.ts";

/*
 * An upload's scans written together: the rows and answers that writing them one by one gives (scanWrite.ts),
 * in a few statements a batch instead of one or more a scan (10,000 offline scans synced in seconds). The
 * entries of the batch's guests are read once, locked on PostgreSQL (SQLite writes one transaction at a time);
 * each scan is decided in order against them as the entry statement decides against its row; then the
 * entries, the scans and the live messages are written at once. An entry missing when read is inserted
 * without merging: another request's scan creating it meanwhile fails the batch with a unique violation,
 * and the caller writes the scans one by one instead.
 */

export interface PreparedScan {
  write: ScanToWrite;
  plan: ScanPlan;
}

/** A guest's entry row as the batch changes it (times as ISO text). */
interface Entry {
  checkinId: string;
  guestId: string;
  state: string;
  entries: number;
  exits: number;
  firstInAt: string | null;
  lastInScanId: string | null;
  lastInAt: string | null;
  previousState: string | null;
  previousInScanId: string | null;
  updatedAt: string;
}

interface BatchEntry {
  row: Entry;
  /** Not in the table when read: inserted, never merged. */
  isNew: boolean;
  changed: boolean;
}

/** Where a blocked entry's `previous` comes from: the scan that let the guest in, else the entry's last time in. */
interface PreviousSource {
  scanRowId: string | null;
  lastInAt: string | null;
}

interface Decision {
  outcome: Outcome;
  previous: PreviousSource | null;
}

interface PreviousScan {
  scannedAt: string;
  desk: string | null;
  by: string | null;
}

const ENTRY_COLUMNS = [
  "checkinId",
  "guestId",
  "state",
  "entries",
  "exits",
  "firstInAt",
  "lastInScanId",
  "lastInAt",
  "previousState",
  "previousInScanId",
  "updatedAt",
] as const;
/** What a scan changes in an existing entry (the first time in never changes). */
const MERGED_COLUMNS = ENTRY_COLUMNS.filter((column) => !["checkinId", "guestId", "firstInAt"].includes(column));
/** Rows a statement writes: well under both databases' limits on bound values. */
const ROWS_PER_STATEMENT = 100;

const isoOrNull = (value: unknown) => (value == null ? null : new Date(value as string | Date).toISOString());

/** The entries of the scans' guests in the session, locked in guest order on PostgreSQL. */
async function readEntries(db: Knex, checkinId: string, guestIds: string[]): Promise<Map<string, BatchEntry>> {
  const entries = new Map<string, BatchEntry>();
  for (const chunk of chunksOf([...guestIds].sort())) {
    const query = db("checkinEntries")
      .where({ checkinId })
      .whereIn("guestId", chunk)
      .orderBy("guestId")
      .select(ENTRY_COLUMNS);
    if (isPostgres(db)) query.forUpdate();
    for (const row of (await query) as Record<string, unknown>[]) {
      entries.set(row.guestId as string, {
        row: {
          checkinId,
          guestId: row.guestId as string,
          state: row.state as string,
          entries: Number(row.entries),
          exits: Number(row.exits),
          firstInAt: isoOrNull(row.firstInAt),
          lastInScanId: (row.lastInScanId as string | null) ?? null,
          lastInAt: isoOrNull(row.lastInAt),
          previousState: (row.previousState as string | null) ?? null,
          previousInScanId: (row.previousInScanId as string | null) ?? null,
          updatedAt: isoOrNull(row.updatedAt)!,
        },
        isNew: false,
        changed: false,
      });
    }
  }
  return entries;
}

/** A scan decided against its guest's entry as the entry statement (scanWrite.ts) decides, the entry changed alike. */
function decide({ write, plan }: PreparedScan, entries: Map<string, BatchEntry>, now: string): Decision {
  const { change } = plan;
  if (change.kind === "none") return { outcome: plan.clear, previous: null };
  const guestId = write.guest!.id;
  const entry = entries.get(guestId);
  if (change.kind === "exit") {
    if (!entry || entry.row.state !== "in") return { outcome: plan.blocked, previous: null };
    Object.assign(entry.row, { state: "out", exits: entry.row.exits + 1, updatedAt: now });
    entry.changed = true;
    return { outcome: plan.clear, previous: null };
  }
  if (!entry) {
    entries.set(guestId, {
      row: {
        checkinId: write.checkin.id,
        guestId,
        state: "in",
        entries: 1,
        exits: 0,
        firstInAt: write.scannedAt,
        lastInScanId: write.rowId,
        lastInAt: write.scannedAt,
        previousState: null,
        previousInScanId: null,
        updatedAt: now,
      },
      isNew: true,
      changed: true,
    });
    return { outcome: plan.clear, previous: null };
  }
  const { row } = entry;
  const goes =
    (row.state === "in" && change.multipleEntries) ||
    (row.state === "out" && change.reentryAfterExit) ||
    change.overridden;
  row.previousState = row.state;
  row.previousInScanId = row.lastInScanId;
  if (goes)
    Object.assign(row, {
      state: "in",
      entries: row.entries + 1,
      lastInScanId: write.rowId,
      lastInAt: write.scannedAt,
      updatedAt: now,
    });
  entry.changed = true;
  if (entryWasClear(change, row.previousState)) return { outcome: plan.clear, previous: null };
  return {
    outcome: plan.blocked,
    previous: plan.blockedTellsPrevious ? { scanRowId: row.previousInScanId, lastInAt: row.lastInAt } : null,
  };
}

/** The scans that let guests in before, by row id: this batch's from memory, earlier ones read (with who scanned). */
async function previousScans(
  db: Knex,
  batch: readonly PreparedScan[],
  decisions: readonly Decision[],
): Promise<Map<string, PreviousScan>> {
  const inBatch = new Map(batch.map(({ write }) => [write.rowId, write]));
  const wanted = new Set(decisions.flatMap((decision) => decision.previous?.scanRowId ?? []));
  const userIds = new Set<string>();
  const stored: string[] = [];
  for (const id of wanted) {
    const write = inBatch.get(id);
    if (!write) stored.push(id);
    else if (write.scanner.userId) userIds.add(write.scanner.userId);
  }
  const found = new Map<string, PreviousScan>();
  for (const chunk of chunksOf(stored)) {
    const rows = (await db("checkinScans as s")
      .leftJoin("users as u", "u.id", "s.userId")
      .whereIn("s.id", chunk)
      .select("s.id", "s.scannedAt", "s.desk", "u.firstName", "u.lastName")) as {
      id: string;
      scannedAt: string | Date;
      desk: string | null;
      firstName: string | null;
      lastName: string | null;
    }[];
    for (const row of rows)
      found.set(row.id, {
        scannedAt: isoOrNull(row.scannedAt)!,
        desk: row.desk,
        by: personName(row.firstName, row.lastName),
      });
  }
  const names = new Map<string, string | null>();
  if (userIds.size > 0) {
    const users = (await db("users")
      .whereIn("id", [...userIds])
      .select("id", "firstName", "lastName")) as {
      id: string;
      firstName: string | null;
      lastName: string | null;
    }[];
    for (const user of users) names.set(user.id, personName(user.firstName, user.lastName));
  }
  for (const id of wanted) {
    const write = inBatch.get(id);
    if (write) {
      const by = write.scanner.userId ? (names.get(write.scanner.userId) ?? null) : null;
      found.set(id, { scannedAt: write.scannedAt, desk: write.scanner.desk, by });
    }
  }
  return found;
}

/** The scan's answer: its outcome, with when, where and by whom the guest came in before when it tells it. */
function answerOfDecision(
  write: ScanToWrite,
  decision: Decision,
  previous: Map<string, PreviousScan>,
  now: string,
): ScanAnswer {
  const { outcome } = decision;
  if (!decision.previous) return answerOfOutcome(write, outcome);
  const scan = decision.previous.scanRowId ? previous.get(decision.previous.scanRowId) : undefined;
  const at = scan?.scannedAt ?? decision.previous.lastInAt ?? now;
  return answerOfOutcome(write, {
    ...outcome,
    details: { ...outcome.details, previous: { at, desk: scan?.desk ?? null, by: scan?.by ?? null } },
  });
}

async function writeEntries(db: Knex, entries: Iterable<BatchEntry>): Promise<void> {
  const changed = [...entries].filter((entry) => entry.changed);
  for (const chunk of chunksOf(
    changed.filter((entry) => entry.isNew).map((entry) => entry.row),
    ROWS_PER_STATEMENT,
  ))
    await db("checkinEntries").insert(chunk);
  for (const chunk of chunksOf(
    changed.filter((entry) => !entry.isNew).map((entry) => entry.row),
    ROWS_PER_STATEMENT,
  ))
    await db("checkinEntries").insert(chunk).onConflict(["checkinId", "guestId"]).merge(MERGED_COLUMNS);
}

/**
 * Writes the scans (all of one session, each with its guest's row and plan), in their order, through `scope.db`,
 * a transaction: their answers, as stored. A scan id already stored fails with a unique violation.
 */
export async function writeScanBatch(
  scope: Scope,
  checkin: Pick<Checkin, "id" | "eventId">,
  batch: readonly PreparedScan[],
): Promise<ScanAnswer[]> {
  if (batch.length === 0) return [];
  const { db } = scope;
  const now = scope.clock.now().toISOString();
  const guestIds = new Set(batch.flatMap(({ write, plan }) => (plan.change.kind !== "none" ? [write.guest!.id] : [])));
  const entries = await readEntries(db, checkin.id, [...guestIds]);
  const decisions = batch.map((scan) => decide(scan, entries, now));
  const previous = await previousScans(db, batch, decisions);
  const answers = batch.map(({ write }, index) => answerOfDecision(write, decisions[index]!, previous, now));

  await writeEntries(db, entries.values());
  const rows = batch.map(({ write }, index) => {
    const answer = answers[index]!;
    return {
      ...scanRowOf(write),
      result: answer.result,
      forced: answer.forced,
      flagged: answer.flagged,
      answer: JSON.stringify(answer),
    };
  });
  for (const chunk of chunksOf(rows, ROWS_PER_STATEMENT)) await db("checkinScans").insert(chunk);
  await scope.deps.live.publishAll(
    db,
    scanTopicOf(checkin.eventId),
    batch.map(({ write }, index) => liveScanOf(checkin, write.rowId, write.guest, answers[index]!)),
  );
  return answers;
}
