/**
 * The desk's queue of scans: each scan is stored once, with the id it was given when it was made (never made
 * again), so that uploading it — however many times, after a restart or a cut — is idempotent on the server.
 */
import type { ScanDirection, ScanResult } from "@tessera/shared/rules/checkins";
import type { ScanAnswer } from "@tessera/shared/schemas/checkins";
import type { LocalDb } from "./localDb.ts";

export interface QueuedScan {
  scanId: string;
  code: string | null;
  guestId: string | null;
  direction: ScanDirection;
  scannedAt: string;
  localResult: ScanResult;
  answer: ScanAnswer;
  uploadedAt: string | null;
}

interface ScanRow {
  scan_id: string;
  code: string | null;
  guest_id: string | null;
  direction: ScanDirection;
  scanned_at: string;
  local_result: ScanResult;
  answer: string;
  uploaded_at: string | null;
}

const fromRow = (row: ScanRow): QueuedScan => ({
  scanId: row.scan_id,
  code: row.code,
  guestId: row.guest_id,
  direction: row.direction,
  scannedAt: row.scanned_at,
  localResult: row.local_result,
  answer: JSON.parse(row.answer) as ScanAnswer,
  uploadedAt: row.uploaded_at,
});

export function createScanQueue(db: LocalDb) {
  const insert = db.prepare(
    `INSERT INTO scans (scan_id, code, guest_id, direction, scanned_at, local_result, answer)
     VALUES (@scanId, @code, @guestId, @direction, @scannedAt, @localResult, @answer)`,
  );
  const pending = db.prepare("SELECT * FROM scans WHERE uploaded_at IS NULL ORDER BY position LIMIT ?");
  const pendingCount = db.prepare("SELECT count(*) AS n FROM scans WHERE uploaded_at IS NULL");
  const all = db.prepare("SELECT * FROM scans ORDER BY position");
  const markUploaded = db.prepare(
    "UPDATE scans SET uploaded_at = ?, server_answer = ? WHERE scan_id = ? AND uploaded_at IS NULL",
  );
  return {
    /** Records a scan (its id made by the caller at scan time); a second record of one id is refused. */
    record(scan: Omit<QueuedScan, "uploadedAt">): void {
      insert.run({ ...scan, answer: JSON.stringify(scan.answer) });
    },
    /** The oldest scans not yet uploaded, in the order they were made. */
    pending(limit = 500): QueuedScan[] {
      return (pending.all(limit) as ScanRow[]).map(fromRow);
    },
    pendingCount(): number {
      return (pendingCount.get() as { n: number }).n;
    },
    all(): QueuedScan[] {
      return (all.all() as ScanRow[]).map(fromRow);
    },
    /** A scan the server answered when it was made: recorded as uploaded already, with that answer. */
    recordAnswered(scan: Omit<QueuedScan, "uploadedAt">, at: Date = new Date()): void {
      db.transaction(() => {
        insert.run({ ...scan, answer: JSON.stringify(scan.answer) });
        markUploaded.run(at.toISOString(), JSON.stringify(scan.answer), scan.scanId);
      })();
    },
    /** The server's answer to an uploaded scan (kept once: a repeat upload changes nothing). */
    markUploaded(scanId: string, answer: ScanAnswer, at: Date = new Date()): void {
      markUploaded.run(at.toISOString(), JSON.stringify(answer), scanId);
    },
  };
}

export type ScanQueue = ReturnType<typeof createScanQueue>;
