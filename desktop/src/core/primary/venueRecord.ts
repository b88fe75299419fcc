/**
 * The primary's record of every scan of the venue: its own scans (its queue) and its peers' (recorded in the
 * same table with the peer's desk, and marked uploaded: each desk uploads its own scans). The local checker
 * reads that table for "already checked in", so a guest let in at one desk is refused at the others.
 */
import type { ScanAnswer } from "@tessera/shared/schemas/checkins";
import type { LocalChecker } from "../localCheck.ts";
import type { LocalDb } from "../localDb.ts";
import type { PeerCheckBody, ReconcileAnswer, ReconcileScan } from "./protocol.ts";

export function createVenueRecord(db: LocalDb, checker: LocalChecker, now: () => Date = () => new Date()) {
  const answerOf = db.prepare("SELECT answer FROM scans WHERE scan_id = ?").pluck();
  const markPeer = db.prepare(
    `UPDATE scans SET peer_desk = @desk, uploaded_at = @at, answer = @answer, local_result = @localResult,
       guest_id = coalesce(@guestId, guest_id)
     WHERE scan_id = @scanId`,
  );
  const insertPeer = db.prepare(
    `INSERT INTO scans (scan_id, code, guest_id, direction, scanned_at, local_result, answer, uploaded_at, peer_desk)
     VALUES (@scanId, @code, @guestId, @direction, @scannedAt, @localResult, @answer, @at, @desk)`,
  );

  /** A peer's scan answered here and recorded as the peer's; the same scan id again answers the first answer. */
  const checkPeerScan = db.transaction((scan: PeerCheckBody): ScanAnswer => {
    const known = answerOf.get(scan.scanId) as string | undefined;
    if (known) return { ...(JSON.parse(known) as ScanAnswer), repeated: true };
    const answered = checker.check(scan);
    const answer = withPeerDesk(db, { ...answered, desk: scan.desk });
    markPeer.run({
      scanId: scan.scanId,
      desk: scan.desk,
      at: now().toISOString(),
      answer: JSON.stringify(answer),
      localResult: answer.result,
      guestId: null,
    });
    return answer;
  });

  /**
   * Scans a peer answered alone, recorded as they happened (what the peer answered is what the guest did). An
   * admission the record already refuses (the guest in at another desk meanwhile) is a conflict.
   */
  const reconcile = db.transaction((desk: string, scans: ReconcileScan[]): ReconcileAnswer => {
    const result: ReconcileAnswer = { recorded: 0, conflicts: [] };
    const ordered = [...scans].sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
    for (const scan of ordered) {
      if (answerOf.get(scan.scanId)) continue;
      const answer = { localResult: scan.localResult, desk, at: now().toISOString() };
      if (scan.localResult === "ok" && scan.direction === "in" && scan.guestId) {
        const wouldAnswer = checker.check({ ...scan, code: undefined, guestId: scan.guestId });
        if (wouldAnswer.result === "already_checked_in") result.conflicts.push(scan.scanId);
        markPeer.run({
          scanId: scan.scanId,
          desk,
          at: answer.at,
          answer: JSON.stringify({ ...wouldAnswer, result: "ok", desk }),
          localResult: "ok",
          guestId: scan.guestId,
        });
      } else {
        insertPeer.run({
          ...scan,
          code: scan.code ?? null,
          answer: JSON.stringify({ scanId: scan.scanId, result: scan.localResult, desk }),
          at: answer.at,
          desk,
        });
      }
      result.recorded += 1;
    }
    return result;
  });

  return { checkPeerScan, reconcile };
}

export type VenueRecord = ReturnType<typeof createVenueRecord>;

/** The checker names this desk for any entry in its table: a peer's entry names the peer. */
export function withPeerDesk(db: LocalDb, answer: ScanAnswer): ScanAnswer {
  if (!answer.previous || !answer.guest) return answer;
  const desk = db
    .prepare(
      `SELECT peer_desk FROM scans WHERE guest_id = ? AND scanned_at = ? AND local_result = 'ok'
       ORDER BY position DESC LIMIT 1`,
    )
    .pluck()
    .get(answer.guest.id, answer.previous.at) as string | null | undefined;
  if (!desk) return answer;
  return { ...answer, previous: { ...answer.previous, desk } };
}
