/** What the desk keeps for printing in its local database (migration 006_printing). */
import type { DeskBadgeTemplate, DeskGuestBadge } from "@tessera/shared/schemas/deskBadges";
import type { LocalDb } from "../localDb.ts";
import type { PrinterDescription } from "./printer.ts";
import type { PrintLogEntry } from "./printQueue.ts";

export interface PrintSettings {
  printer: PrinterDescription | null;
  printOnScan: boolean;
  /** The supervisor PIN's scrypt hash (supervisorPin.ts); null: none set. */
  pinHash: string | null;
}

const DEFAULTS: PrintSettings = { printer: null, printOnScan: false, pinHash: null };

/** A print log line as the desk shows it. */
export interface StoredPrintLogEntry {
  jobId: string;
  printerId: string;
  purpose: PrintLogEntry["purpose"];
  guestId: string | null;
  requestedBy: string;
  reason: string | null;
  reprintOf: string | null;
  outcome: "printed" | "failed";
  failure: string | null;
  /** False when the badge went out without its QR (offline, the guest's code unknown to the desk). */
  withQr: boolean;
  queuedAt: string;
  at: string;
}

interface LogRow {
  job_id: string;
  printer_id: string;
  purpose: PrintLogEntry["purpose"];
  guest_id: string | null;
  requested_by: string;
  reason: string | null;
  reprint_of: string | null;
  outcome: "printed" | "failed";
  failure: string | null;
  with_qr: number;
  queued_at: string;
  at: string;
}

export function createPrintStore(db: LocalDb) {
  return {
    settings(): PrintSettings {
      const rows = db.prepare("SELECT key, value FROM print_settings").all() as { key: string; value: string }[];
      const stored = Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
      return { ...DEFAULTS, ...(stored as Partial<PrintSettings>) };
    },
    saveSetting<K extends keyof PrintSettings>(key: K, value: PrintSettings[K]): void {
      db.prepare(
        "INSERT INTO print_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      ).run(key, JSON.stringify(value));
    },

    /** Replaces the stored templates with the server's (oldest first). */
    saveTemplates(templates: readonly DeskBadgeTemplate[]): void {
      db.transaction(() => {
        db.prepare("DELETE FROM badge_templates").run();
        const insert = db.prepare("INSERT INTO badge_templates (id, position, template) VALUES (?, ?, ?)");
        templates.forEach((template, index) => insert.run(template.id, index, JSON.stringify(template)));
      })();
    },
    templates(): DeskBadgeTemplate[] {
      const rows = db.prepare("SELECT template FROM badge_templates ORDER BY position").all() as { template: string }[];
      return rows.map((row) => JSON.parse(row.template) as DeskBadgeTemplate);
    },

    saveGuestBadge(badge: DeskGuestBadge, at: Date): void {
      db.prepare(
        `INSERT INTO badge_guests (guest_id, ebadge_id, fields, entry_code, fetched_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (guest_id) DO UPDATE SET ebadge_id = excluded.ebadge_id, fields = excluded.fields,
           entry_code = excluded.entry_code, fetched_at = excluded.fetched_at`,
      ).run(badge.guestId, badge.ebadgeId, JSON.stringify(badge.fields), badge.entryCode, at.toISOString());
    },
    guestBadge(guestId: string): DeskGuestBadge | null {
      const row = db.prepare("SELECT * FROM badge_guests WHERE guest_id = ?").get(guestId) as
        { guest_id: string; ebadge_id: string | null; fields: string; entry_code: string | null } | undefined;
      if (!row) return null;
      const fields = JSON.parse(row.fields) as Record<string, string>;
      return { guestId: row.guest_id, ebadgeId: row.ebadge_id, fields, entryCode: row.entry_code };
    },

    /** The guest's fields in the snapshot (the session's displayed ones); null when the desk does not know them. */
    snapshotFields(guestId: string): Record<string, unknown> | null {
      const row = db.prepare("SELECT fields FROM guests WHERE id = ? AND allowed = 1").get(guestId) as
        { fields: string } | undefined;
      return row ? (JSON.parse(row.fields) as Record<string, unknown>) : null;
    },
    /** The code the guest was last scanned with here (their entry code), or null. */
    scannedCode(guestId: string): string | null {
      const row = db
        .prepare("SELECT code FROM scans WHERE guest_id = ? AND code IS NOT NULL ORDER BY position DESC LIMIT 1")
        .get(guestId) as { code: string } | undefined;
      return row?.code ?? null;
    },

    appendLog(entry: PrintLogEntry, withQr: boolean): void {
      db.prepare(
        `INSERT OR IGNORE INTO print_log (job_id, printer_id, purpose, guest_id, requested_by, reason, reprint_of,
           outcome, failure, with_qr, queued_at, at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        entry.jobId,
        entry.printerId,
        entry.purpose,
        entry.guestId,
        entry.requestedBy,
        entry.reason,
        entry.reprintOf,
        entry.outcome,
        entry.failure,
        withQr ? 1 : 0,
        entry.queuedAt.toISOString(),
        entry.at.toISOString(),
      );
    },
    /** The print log, newest first. */
    log(page: { limit: number; offset: number }): { data: StoredPrintLogEntry[]; total: number } {
      const rows = db
        .prepare("SELECT * FROM print_log ORDER BY position DESC LIMIT ? OFFSET ?")
        .all(page.limit, page.offset) as LogRow[];
      const { total } = db.prepare("SELECT COUNT(*) AS total FROM print_log").get() as { total: number };
      return {
        total,
        data: rows.map((row) => ({
          jobId: row.job_id,
          printerId: row.printer_id,
          purpose: row.purpose,
          guestId: row.guest_id,
          requestedBy: row.requested_by,
          reason: row.reason,
          reprintOf: row.reprint_of,
          outcome: row.outcome,
          failure: row.failure,
          withQr: row.with_qr === 1,
          queuedAt: row.queued_at,
          at: row.at,
        })),
      };
    },
    /** The job of the guest's last badge printed at this desk (a first print or a reprint that went out), or null. */
    lastPrinted(guestId: string): string | null {
      const row = db
        .prepare(
          `SELECT job_id FROM print_log WHERE guest_id = ? AND outcome = 'printed' AND purpose <> 'test'
           ORDER BY position DESC LIMIT 1`,
        )
        .get(guestId) as { job_id: string } | undefined;
      return row?.job_id ?? null;
    },
    verificationKeyCount(): number {
      return (db.prepare("SELECT COUNT(*) AS count FROM verification_keys").get() as { count: number }).count;
    },
  };
}

export type PrintStore = ReturnType<typeof createPrintStore>;
