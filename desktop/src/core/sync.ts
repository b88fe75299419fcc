/**
 * The desk's sync (issue 13, item 4): queued scans go up in batches, in the order they were made, each batch's
 * answers stored on their queue rows in the one local transaction that marks them uploaded. A batch that fails
 * leaves its scans pending; sending them again is safe because a scan's id never changes and the server answers
 * a repeat with its first answer (`repeated: true`). Of a guest admitted offline at two desks, the server keeps
 * the admission scanned first and flags the other, whichever desk uploads first: an upload comes back `flagged`
 * when another desk's admission was scanned earlier, and an admission this desk uploaded before is found flagged
 * in a later refresh's entries (snapshot.ts). Both desks list the conflict: the flagged one as its own, the
 * other once a refresh brings the guest's flagged entry down.
 */
import { SCAN_BATCH_MAX, SCANNED_CODE_MAX } from "@tessera/shared/rules/checkins";
import type { OfflineScan, ScanAnswer } from "@tessera/shared/schemas/checkins";
import { deskRequest, DeskHttpError, type DeskHttpOptions } from "./deskHttp.ts";
import type { LocalDb } from "./localDb.ts";
import { createScanQueue, type QueuedScan } from "./queue.ts";

export const DEFAULT_UPLOAD_BATCH = 200;

export interface UploadOptions {
  /** Scans a request (capped at the route's maximum, SCAN_BATCH_MAX). */
  batchSize?: number;
  now?: () => Date;
}

export interface UploadResult {
  /** Scans the server answered in this upload (repeats included). */
  uploaded: number;
  batches: number;
  /** Of them, answers the server had given before (a batch re-sent after a cut). */
  repeated: number;
  /** Of them, offline admissions the server stored as flagged forced entries. */
  flagged: number;
}

/** A guest admitted at two desks while they could not see each other. */
export interface DeskConflict {
  guestId: string;
  /** The guest's name as the desk shows it (the session's displayed fields). */
  name: string;
  /** This desk's scan of the guest. */
  scanId: string;
  scannedAt: string;
  /** here: this desk's admission was stored flagged (another desk's came first); elsewhere: another desk's was. */
  flagged: "here" | "elsewhere";
  /** flagged here: the entry that came first. */
  previous: { at: string; desk: string | null } | null;
}

/** Whether a failed call means the server was not reached (no answer, a cut, a timeout, or a server error). */
export function isUnreachable(error: unknown): boolean {
  return !(error instanceof DeskHttpError) || error.status >= 500;
}

function offlineScan(scan: QueuedScan): OfflineScan {
  const code = scan.code?.trim().slice(0, SCANNED_CODE_MAX);
  return {
    scanId: scan.scanId,
    ...(code ? { code } : scan.guestId ? { guestId: scan.guestId } : { code: "-" }),
    direction: scan.direction,
    scannedAt: scan.scannedAt,
    localResult: scan.localResult,
  };
}

/**
 * Uploads every pending scan, batch after batch. A failing batch throws, leaving it and those after it pending.
 */
export async function uploadPending(
  db: LocalDb,
  http: DeskHttpOptions,
  options: UploadOptions = {},
): Promise<UploadResult> {
  const queue = createScanQueue(db);
  const batchSize = Math.max(1, Math.min(options.batchSize ?? DEFAULT_UPLOAD_BATCH, SCAN_BATCH_MAX));
  const now = options.now ?? (() => new Date());
  const result: UploadResult = { uploaded: 0, batches: 0, repeated: 0, flagged: 0 };
  for (;;) {
    const batch = queue.pending(batchSize);
    if (batch.length === 0) return result;
    const answer = await deskRequest<{ data: ScanAnswer[] }>(
      http,
      "POST",
      "/desk/checks",
      { scans: batch.map(offlineScan) },
      { idempotent: true },
    );
    const answers = new Map(answer.data.map((scanAnswer) => [scanAnswer.scanId, scanAnswer]));
    const at = now();
    db.transaction(() => {
      for (const scan of batch) {
        const stored = answers.get(scan.scanId);
        if (!stored) continue; // not answered: stays pending, sent again next time
        queue.markUploaded(scan.scanId, stored, at);
        result.uploaded += 1;
        if (stored.repeated) result.repeated += 1;
        if (stored.flagged) result.flagged += 1;
      }
    })();
    result.batches += 1;
    if (answers.size === 0) throw new Error("The server answered none of the batch's scans");
  }
}

interface ConflictRow {
  scan_id: string;
  guest_id: string;
  scanned_at: string;
  server_answer: string;
  fields: string | null;
  entry_flagged: number | null;
}

/**
 * The desk's conflicts, one a guest: its admissions the server flagged, and the guests it admitted first whose
 * entry (from a refresh) holds another desk's flagged admission.
 */
export function listConflicts(db: LocalDb): DeskConflict[] {
  const rows = db
    .prepare(
      `SELECT s.scan_id, s.guest_id, s.scanned_at, s.server_answer, g.fields, g.entry_flagged
       FROM scans s LEFT JOIN guests g ON g.id = s.guest_id
       WHERE s.uploaded_at IS NOT NULL AND s.guest_id IS NOT NULL AND s.direction = 'in'
         AND (json_extract(s.server_answer, '$.flagged') = 1
           OR (g.entry_flagged = 1 AND json_extract(s.server_answer, '$.result') = 'ok'))
       ORDER BY s.position`,
    )
    .all() as ConflictRow[];
  const byGuest = new Map<string, DeskConflict>();
  for (const row of rows) {
    const answer = JSON.parse(row.server_answer) as ScanAnswer;
    const isFlaggedHere = answer.flagged;
    if (byGuest.get(row.guest_id)?.flagged === "here") continue;
    const fields = row.fields ? (JSON.parse(row.fields) as Record<string, unknown>) : (answer.guest?.fields ?? {});
    byGuest.set(row.guest_id, {
      guestId: row.guest_id,
      name: nameOf(fields),
      scanId: row.scan_id,
      scannedAt: row.scanned_at,
      flagged: isFlaggedHere ? "here" : "elsewhere",
      previous: isFlaggedHere && answer.previous ? { at: answer.previous.at, desk: answer.previous.desk } : null,
    });
  }
  return [...byGuest.values()];
}

/** First and last name when shown, else the displayed values in order. */
function nameOf(fields: Record<string, unknown>): string {
  const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");
  const named = [text(fields.firstName), text(fields.lastName)].filter(Boolean);
  if (named.length > 0) return named.join(" ");
  return Object.values(fields).map(text).filter(Boolean).join(" ");
}
