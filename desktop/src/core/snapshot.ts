/**
 * The desk's snapshot (issue 13, item 2): sign-in with an access code, then the session's guests page by page
 * (one local transaction a page, so memory stays that of one page), then incremental refreshes with
 * `updatedSince` (a guest no longer allowed is dropped; the entries changed since, other desks' scans, applied
 * to the guests here), the verification material replaced at each refresh.
 */
import { decodeRevokedSerials } from "@tessera/shared/checkin/guestCode";
import { SNAPSHOT_PAGE_MAX } from "@tessera/shared/rules/checkins";
import type { DeskVerificationSchema, ScanAnswer, SnapshotPage } from "@tessera/shared/schemas/checkins";
import type { Static } from "@sinclair/typebox";
import { deskRequest, type DeskHttpOptions, type FetchLike } from "./deskHttp.ts";
import type { LocalDb } from "./localDb.ts";
import { readSession, saveSignIn, updateSession, type DeskSessionJson, type DeskSignInJson } from "./session.ts";

type SnapshotPageJson = Static<typeof SnapshotPage>;
type VerificationJson = Static<typeof DeskVerificationSchema>;

export interface SyncOptions {
  fetch?: FetchLike;
  timeoutMs?: number;
  /** Guests a page (the server's maximum unless said). */
  pageSize?: number;
  now?: () => Date;
  /** The server to call instead of the one signed in to (the desk's address was changed since). */
  serverUrl?: string;
}

export interface RefreshResult {
  kind: "full" | "incremental";
  /** Guests written or dropped, entries and flagged scans of this desk applied, by this refresh. */
  changed: number;
  guests: number;
  asOf: string;
  lastSyncAt: string;
}

/** Trades an access code for the desk's token and stores the session with it. */
export async function signIn(
  db: LocalDb,
  serverUrl: string,
  code: string,
  desk: string,
  options: SyncOptions = {},
): Promise<DeskSignInJson> {
  const http: DeskHttpOptions = { serverUrl, fetch: options.fetch, timeoutMs: options.timeoutMs };
  const answer = await deskRequest<DeskSignInJson>(http, "POST", "/desk/session", { code, desk });
  saveSignIn(db, serverUrl, answer);
  return answer;
}

/**
 * Brings the local snapshot up to date: the session first (a change of its rules or fields means a full
 * download again), then the guests (all of them the first time, else those changed since the last refresh),
 * then the keys and revoked serials. The sync time is recorded only when all of it went through.
 */
export async function refresh(db: LocalDb, options: SyncOptions = {}): Promise<RefreshResult> {
  const session = readSession(db);
  if (!session) throw new Error("The desk is not signed in");
  const http: DeskHttpOptions = {
    serverUrl: options.serverUrl ?? session.serverUrl,
    token: session.token,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  };
  const current = await deskRequest<DeskSessionJson>(http, "GET", "/desk/session");
  const since = updateSession(db, current) ? null : session.snapshotAsOf;
  const { asOf, changed } = since
    ? await downloadChanges(db, http, since, options)
    : await downloadAll(db, http, options);
  const material = await deskRequest<VerificationJson>(http, "GET", "/desk/verification");
  const lastSyncAt = (options.now?.() ?? new Date()).toISOString();
  db.transaction(() => {
    replaceVerification(db, material);
    db.prepare("UPDATE session SET snapshot_as_of = ?, last_sync_at = ? WHERE id = 1").run(asOf, lastSyncAt);
  })();
  const guests = (db.prepare("SELECT count(*) AS n FROM guests WHERE allowed = 1").get() as { n: number }).n;
  return { kind: since ? "incremental" : "full", changed, guests, asOf, lastSyncAt };
}

/** Fetches page after page, handing each to `write`; answers the first page's asOf (when the download began). */
async function eachPage(
  http: DeskHttpOptions,
  query: Record<string, string>,
  options: SyncOptions,
  write: (page: SnapshotPageJson) => void,
): Promise<string> {
  let after: string | null = null;
  let asOf: string | null = null;
  do {
    const params = new URLSearchParams({ ...query, limit: String(options.pageSize ?? SNAPSHOT_PAGE_MAX) });
    if (after) params.set("after", after);
    const page: SnapshotPageJson = await deskRequest<SnapshotPageJson>(http, "GET", `/desk/snapshot?${params}`);
    asOf ??= page.asOf;
    write(page);
    after = page.next;
  } while (after);
  return asOf;
}

const UPSERT = `INSERT INTO guests
    (id, allowed, refusal, fields, updated_at, entry_state, entry_at, entry_flagged, download)
  VALUES (@id, @allowed, @refusal, @fields, @updatedAt, @entryState, @entryAt, @entryFlagged, @download)
  ON CONFLICT (id) DO UPDATE SET allowed = excluded.allowed, refusal = excluded.refusal, fields = excluded.fields,
    updated_at = excluded.updated_at, entry_state = excluded.entry_state, entry_at = excluded.entry_at,
    entry_flagged = excluded.entry_flagged, download = excluded.download`;

function guestRow(guest: SnapshotPageJson["data"][number], download: number) {
  return {
    id: guest.id,
    allowed: guest.allowed ? 1 : 0,
    refusal: guest.allowed ? null : (guest.refusal ?? null),
    fields: JSON.stringify(guest.fields),
    updatedAt: guest.updatedAt,
    entryState: guest.entry?.state ?? null,
    entryAt: guest.entry?.at ?? null,
    entryFlagged: guest.entry?.flagged ? 1 : 0,
    download,
  };
}

/**
 * Writes a page's guests under this download's number: each still allowed stored, each refused unpaid stored
 * so (to be answered unpaid), each other no longer allowed dropped, this desk's admissions the server flagged
 * marked so; answers the guests written or dropped.
 */
function createGuestWriter(db: LocalDb, download: number) {
  const upsert = db.prepare(UPSERT);
  const drop = db.prepare("DELETE FROM guests WHERE id = ?");
  const markFlagged = createFlaggedMarker(db);
  return (guests: SnapshotPageJson["data"]): number => {
    for (const guest of guests) {
      if (guest.allowed || guest.refusal) upsert.run(guestRow(guest, download));
      else drop.run(guest.id);
      markFlagged(guest.entry?.flaggedScans ?? []);
    }
    return guests.length;
  };
}

/**
 * Every guest of the session. The former snapshot stays usable meanwhile: each page's guests are marked with
 * this download's number, and those left unmarked at the end (no longer in the session) are dropped.
 */
async function downloadAll(db: LocalDb, http: DeskHttpOptions, options: SyncOptions) {
  const download = ((db.prepare("SELECT max(download) AS n FROM guests").get() as { n: number | null }).n ?? 0) + 1;
  const writeGuests = createGuestWriter(db, download);
  let changed = 0;
  const asOf = await eachPage(http, {}, options, (page) => {
    db.transaction(() => {
      changed += writeGuests(page.data);
    })();
  });
  changed += db.prepare("DELETE FROM guests WHERE download <> ?").run(download).changes;
  return { asOf, changed };
}

/**
 * The guests changed since `since`, written when still allowed, dropped when not; then the entries changed
 * since (other desks' scans), each applied to its guest here, and this desk's admissions the server flagged
 * since they went up (another desk's admission of the guest was scanned earlier) marked so in their answers.
 */
async function downloadChanges(db: LocalDb, http: DeskHttpOptions, since: string, options: SyncOptions) {
  const download = (db.prepare("SELECT max(download) AS n FROM guests").get() as { n: number | null }).n ?? 1;
  const writeGuests = createGuestWriter(db, download);
  const applyEntry = createEntryApplier(db);
  let changed = 0;
  const asOf = await eachPage(http, { updatedSince: since }, options, (page) => {
    db.transaction(() => {
      changed += writeGuests(page.data);
      for (const entry of page.entries) changed += applyEntry(entry);
    })();
  });
  return { asOf, changed };
}

type EntryChangeJson = SnapshotPageJson["entries"][number];
type FlaggedScanJson = EntryChangeJson["flaggedScans"][number];

/** Marks this desk's admissions the server flagged after their upload (another desk's was scanned first). */
function createFlaggedMarker(db: LocalDb) {
  const ownAnswer = db.prepare("SELECT server_answer FROM scans WHERE scan_id = ? AND server_answer IS NOT NULL");
  const setAnswer = db.prepare("UPDATE scans SET server_answer = ? WHERE scan_id = ?");
  return (flaggedScans: readonly FlaggedScanJson[]): number => {
    let changed = 0;
    for (const { scanId, conflict, previous } of flaggedScans) {
      const row = ownAnswer.get(scanId) as { server_answer: string } | undefined;
      if (!row) continue;
      const answer = JSON.parse(row.server_answer) as ScanAnswer;
      if (answer.flagged) continue;
      const marked: ScanAnswer = {
        ...answer,
        forced: true,
        flagged: true,
        ...(conflict ? { conflict } : {}),
        ...(previous ? { previous } : {}),
      };
      changed += setAnswer.run(JSON.stringify(marked), scanId).changes;
    }
    return changed;
  };
}

/** Applies an entry change to its guest (when the desk has them) and to this desk's flagged scans: rows changed. */
function createEntryApplier(db: LocalDb) {
  const update = db.prepare(
    "UPDATE guests SET entry_state = @state, entry_at = @at, entry_flagged = @flagged WHERE id = @guestId",
  );
  const markFlagged = createFlaggedMarker(db);
  return (entry: EntryChangeJson): number =>
    update.run({ ...entry, flagged: entry.flagged ? 1 : 0 }).changes + markFlagged(entry.flaggedScans);
}

function replaceVerification(db: LocalDb, material: VerificationJson): void {
  db.exec("DELETE FROM verification_keys; DELETE FROM revoked_serials");
  const key = db.prepare("INSERT INTO verification_keys (id, public_key) VALUES (?, ?)");
  for (const entry of material.keys) key.run(entry.id, entry.publicKey);
  const serial = db.prepare("INSERT OR IGNORE INTO revoked_serials (serial) VALUES (?)");
  for (const revoked of decodeSerials(material.revokedSerials)) serial.run(revoked);
}

function decodeSerials(text: string): Set<number> {
  return text ? decodeRevokedSerials(text) : new Set();
}
