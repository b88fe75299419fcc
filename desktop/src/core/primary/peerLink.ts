/**
 * A peer desk's link to the venue's primary (issue 13, item 5): the primary's address and this desk's secret
 * (kept in the local database, so a restart keeps the pairing), whether the primary answers, and the scans it
 * has not seen yet. Those are sent first whenever the primary answers again ("reconciles first"), so that its
 * record of the venue holds them before it answers this desk's next scan.
 */
import { SCANNED_CODE_MAX } from "@tessera/shared/rules/checkins";
import type { ScanAnswer } from "@tessera/shared/schemas/checkins";
import type { FetchLike } from "../deskHttp.ts";
import type { LocalDb } from "../localDb.ts";
import { readSession, type LocalSession } from "../session.ts";
import {
  checkAtPrimary,
  helloPrimary,
  pairWithPrimary,
  primaryOrigin,
  PrimaryHttpError,
  reconcileWithPrimary,
  type PrimaryHttpOptions,
} from "./primaryClient.ts";
import { RECONCILE_BATCH_MAX, type PeerCheckBody, type ReconcileScan } from "./protocol.ts";

export interface PeerLinkOptions {
  database: () => LocalDb;
  fetch?: FetchLike;
  /** A call the primary does not answer within this time fails and the desk answers alone. */
  timeoutMs?: number;
  /** After a failed call, checks answer alone for this long before the primary is tried again. */
  retryMs?: number;
}

export interface PeerLinkStatus {
  address: string | null;
  /** Whether the primary answered the last call (null: not asked yet). */
  reachable: boolean | null;
  /** This desk's scans the primary has not seen yet. */
  unreconciled: number;
  /** Admissions here the primary found conflicting at the last reconcile that sent scans (the guest was in at another desk). */
  lastReconcileConflicts: number;
  lastError: string | null;
}

interface LinkRow {
  address: string;
  secret: string;
  checkin_id: string;
  desk: string;
}

interface UnreconciledRow {
  scan_id: string;
  code: string | null;
  guest_id: string | null;
  direction: "in" | "out";
  scanned_at: string;
  local_result: ReconcileScan["localResult"];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isSendableCode = (code: string | null): code is string =>
  Boolean(code?.trim()) && code!.length <= SCANNED_CODE_MAX && !code!.includes("\u0000");

export function createPeerLink(options: PeerLinkOptions) {
  const timeoutMs = options.timeoutMs ?? 1_500;
  const retryMs = options.retryMs ?? 5_000;
  let reachable: boolean | null = null;
  let nextAttemptAt = 0;
  let lastError: string | null = null;
  let lastReconcileConflicts = 0;
  let reconciling: Promise<void> | null = null;

  const linkOf = (): LinkRow | null =>
    (options.database().prepare("SELECT * FROM primary_link WHERE id = 1").get() as LinkRow | undefined) ?? null;
  const http = (link: LinkRow): PrimaryHttpOptions => ({
    address: link.address,
    secret: link.secret,
    fetch: options.fetch,
    timeoutMs,
  });
  const unreconciledCount = () =>
    options.database().prepare("SELECT count(*) FROM primary_unreconciled").pluck().get() as number;

  function failed(error: unknown): void {
    reachable = false;
    nextAttemptAt = Date.now() + retryMs;
    lastError = error instanceof Error ? error.message : String(error);
  }

  /** Sends the scans the primary has not seen, batch after batch; throws when it does not take them. */
  async function reconcileNow(link: LinkRow): Promise<void> {
    const db = options.database();
    const batchOf = db.prepare(
      `SELECT s.scan_id, s.code, s.guest_id, s.direction, s.scanned_at, s.local_result
       FROM primary_unreconciled u JOIN scans s ON s.scan_id = u.scan_id ORDER BY s.position LIMIT ?`,
    );
    const done = db.prepare("DELETE FROM primary_unreconciled WHERE scan_id = ?");
    let conflicts = 0;
    let sent = 0;
    for (;;) {
      const rows = batchOf.all(RECONCILE_BATCH_MAX) as UnreconciledRow[];
      if (rows.length === 0) break;
      // Only what the primary's schema takes: a scan it refused to read would hold back every later one.
      const scans: ReconcileScan[] = rows.map((row) => ({
        scanId: row.scan_id,
        ...(isSendableCode(row.code) ? { code: row.code } : {}),
        guestId: row.guest_id && UUID.test(row.guest_id) ? row.guest_id : null,
        direction: row.direction,
        scannedAt: row.scanned_at,
        localResult: row.local_result,
      }));
      const answer = await reconcileWithPrimary(http(link), { checkinId: link.checkin_id, desk: link.desk, scans });
      conflicts += answer.conflicts.length;
      sent += rows.length;
      db.transaction(() => {
        for (const row of rows) done.run(row.scan_id);
      })();
    }
    if (sent > 0) lastReconcileConflicts = conflicts;
  }

  /** One reconcile at a time: a check arriving meanwhile waits for it (its scan must come after). */
  function reconcile(link: LinkRow): Promise<void> {
    reconciling ??= reconcileNow(link).finally(() => {
      reconciling = null;
    });
    return reconciling;
  }

  return {
    isLinked: () => linkOf() !== null,

    /** Pairs with a primary of the desk's session (its code shown on the primary) and keeps the link. */
    async connect(address: string, pairingCode: string, session: LocalSession): Promise<void> {
      const origin = primaryOrigin(address);
      const paired = await pairWithPrimary(
        { address: origin, fetch: options.fetch, timeoutMs },
        { pairingCode: pairingCode.trim(), checkinId: session.checkinId, desk: session.desk },
      );
      const db = options.database();
      db.transaction(() => {
        db.prepare(
          `INSERT OR REPLACE INTO primary_link (id, address, secret, checkin_id, desk, paired_at)
           VALUES (1, ?, ?, ?, ?, ?)`,
        ).run(origin, paired.secret, paired.checkinId, session.desk, new Date().toISOString());
        // A new primary has seen none of this desk's scans: they all go to it before the first check.
        db.prepare(
          "INSERT OR IGNORE INTO primary_unreconciled (scan_id) SELECT scan_id FROM scans WHERE peer_desk IS NULL",
        ).run();
      })();
      reachable = true;
      nextAttemptAt = 0;
      lastError = null;
    },

    disconnect(): void {
      const db = options.database();
      db.transaction(() => {
        db.prepare("DELETE FROM primary_link").run();
        db.prepare("DELETE FROM primary_unreconciled").run();
      })();
      reachable = null;
      lastError = null;
    },

    /**
     * The primary's answer to a scan, after the scans it has not seen; null when the desk has no primary, or it
     * did not answer (tried again once retryMs is over): the desk then answers alone.
     */
    async check(scan: Omit<PeerCheckBody, "checkinId" | "desk">): Promise<ScanAnswer | null> {
      const link = linkOf();
      if (!link || (reachable === false && Date.now() < nextAttemptAt)) return null;
      // Signed in to another session since the pairing: that primary's record is not this session's.
      if (readSession(options.database())?.checkinId !== link.checkin_id) return null;
      try {
        await reconcile(link);
        const answer = await checkAtPrimary(http(link), { ...scan, checkinId: link.checkin_id, desk: link.desk });
        noteEntryElsewhere(options.database(), answer);
        reachable = true;
        lastError = null;
        return answer;
      } catch (error) {
        // A scan the primary refuses to read (400) is answered here; the primary itself is fine.
        if (error instanceof PrimaryHttpError && error.status === 400) lastError = error.message;
        else failed(error);
        return null;
      }
    },

    /** A scan answered without the primary (by the server, or alone): sent to the primary before the next check. */
    noteAnsweredWithout(scanId: string): void {
      if (!linkOf()) return;
      options.database().prepare("INSERT OR IGNORE INTO primary_unreconciled (scan_id) VALUES (?)").run(scanId);
    },

    /** The background loop's step: a primary that did not answer is asked again, and reconciled when it answers. */
    async probe(): Promise<void> {
      const link = linkOf();
      if (!link || reachable !== false) return;
      try {
        const hello = await helloPrimary(http(link));
        if (!hello.paired) throw new Error("The primary desk no longer knows this desk: pair again");
        await reconcile(link);
        reachable = true;
        lastError = null;
      } catch (error) {
        failed(error);
      }
    },

    status(): PeerLinkStatus {
      const link = linkOf();
      return {
        address: link?.address ?? null,
        reachable: link ? reachable : null,
        unreconciled: link ? unreconciledCount() : 0,
        lastReconcileConflicts,
        lastError,
      };
    },
  };
}

export type PeerLink = ReturnType<typeof createPeerLink>;

/**
 * The primary refused a guest already in at another desk: their entry goes into this desk's snapshot, so that
 * this desk refuses them too if it must answer alone later (a refresh replaces it with the server's).
 */
function noteEntryElsewhere(db: LocalDb, answer: ScanAnswer): void {
  if (answer.result !== "already_checked_in" || !answer.previous || !answer.guest) return;
  db.prepare(
    "UPDATE guests SET entry_state = 'in', entry_at = ? WHERE id = ? AND (entry_at IS NULL OR entry_at < ?)",
  ).run(answer.previous.at, answer.guest.id, answer.previous.at);
}
