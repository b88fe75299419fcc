/**
 * The desk's local database (issue 13, item 2): one better-sqlite3 file in WAL mode holding the desk's session,
 * its snapshot of guests, the verification material and the queue of scans. Its migrations are append-only:
 * each applied one is recorded with its name and the SHA-256 of its SQL, and a file whose history the code does
 * not know (a migration unknown here, or one whose SQL changed) is refused rather than guessed at.
 */
import { createHash } from "node:crypto";
import Database from "better-sqlite3";

export type LocalDb = Database.Database;

export interface LocalMigration {
  name: string;
  sql: string;
}

/** Append-only: never edit or reorder an entry, add a new one at the end. */
export const LOCAL_MIGRATIONS: readonly LocalMigration[] = [
  {
    name: "001_desk_store",
    sql: `
      CREATE TABLE session (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        checkin_id TEXT NOT NULL,
        event_id TEXT NOT NULL,
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        status TEXT NOT NULL,
        options TEXT NOT NULL,
        displayed_fields TEXT NOT NULL,
        checkin_updated_at TEXT NOT NULL,
        server_url TEXT NOT NULL,
        desk TEXT NOT NULL,
        token TEXT NOT NULL,
        snapshot_as_of TEXT,
        last_sync_at TEXT
      );
      CREATE TABLE guests (
        id TEXT PRIMARY KEY,
        allowed INTEGER NOT NULL,
        fields TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        entry_state TEXT,
        entry_at TEXT,
        download INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE verification_keys (id INTEGER PRIMARY KEY, public_key TEXT NOT NULL);
      CREATE TABLE revoked_serials (serial INTEGER PRIMARY KEY);
      CREATE TABLE scans (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        scan_id TEXT NOT NULL UNIQUE,
        code TEXT,
        guest_id TEXT,
        direction TEXT NOT NULL,
        scanned_at TEXT NOT NULL,
        local_result TEXT NOT NULL,
        answer TEXT NOT NULL,
        uploaded_at TEXT,
        server_answer TEXT
      );
      CREATE INDEX scans_guest ON scans (guest_id, scanned_at);
      CREATE INDEX scans_pending ON scans (position) WHERE uploaded_at IS NULL;
    `,
  },
  {
    // Sync (issue 13, item 4): a guest whose entry holds a flagged offline admission (a conflict between desks).
    name: "002_sync_conflicts",
    sql: `
      ALTER TABLE guests ADD COLUMN entry_flagged INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    // The LAN primary desk (issue 13, item 5). peer_desk: a peer's scan the primary recorded (its own desk uploads
    // it; uploaded_at is set so this desk never does). primary_peers: desks paired with this one as primary.
    // primary_link: the primary this desk checks against. primary_unreconciled: this desk's scans the primary
    // has not seen yet (answered without it), sent to it before the next check through it.
    name: "004_primary_desk",
    sql: `
      ALTER TABLE scans ADD COLUMN peer_desk TEXT;
      CREATE TABLE primary_peers (
        secret_hash TEXT PRIMARY KEY,
        desk TEXT NOT NULL,
        paired_at TEXT NOT NULL
      );
      CREATE TABLE primary_link (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        address TEXT NOT NULL,
        secret TEXT NOT NULL,
        checkin_id TEXT NOT NULL,
        desk TEXT NOT NULL,
        paired_at TEXT NOT NULL
      );
      CREATE TABLE primary_unreconciled (scan_id TEXT PRIMARY KEY REFERENCES scans (scan_id));
    `,
  },
  {
    // Badge printing (issue 13, item 6); numbered 006 as 004_primary_desk was committed before it. badge_templates:
    // the session's enabled e-badge templates as the desk prints them. badge_guests: a guest's badge material
    // fetched from the server (its template, field texts and entry code) for printing offline later.
    // print_settings: one JSON value a key (the badge printer, printOnScan, the supervisor PIN's scrypt hash).
    name: "006_printing",
    sql: `
      CREATE TABLE badge_templates (
        id TEXT PRIMARY KEY,
        position INTEGER NOT NULL,
        template TEXT NOT NULL
      );
      CREATE TABLE badge_guests (
        guest_id TEXT PRIMARY KEY,
        ebadge_id TEXT,
        fields TEXT NOT NULL,
        entry_code TEXT,
        fetched_at TEXT NOT NULL
      );
      CREATE TABLE print_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE print_log (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        job_id TEXT NOT NULL UNIQUE,
        printer_id TEXT NOT NULL,
        purpose TEXT NOT NULL,
        guest_id TEXT,
        requested_by TEXT NOT NULL,
        reason TEXT,
        reprint_of TEXT,
        outcome TEXT NOT NULL,
        failure TEXT,
        with_qr INTEGER NOT NULL DEFAULT 1,
        queued_at TEXT NOT NULL,
        at TEXT NOT NULL
      );
      CREATE INDEX print_log_guest ON print_log (guest_id, outcome);
    `,
  },
  {
    // Bulk import (issue 13, item 8); numbered 007 as 006_printing was committed before it. One row a file sent
    // in chunks to a server's guest import: the file as it was (path, size, mtime), the server's upload id and
    // the bytes it acknowledged, so a restarted app resumes at the server's count; then the import it became.
    name: "007_import_uploads",
    sql: `
      CREATE TABLE import_uploads (
        id TEXT PRIMARY KEY,
        server_url TEXT NOT NULL,
        account_id TEXT NOT NULL,
        event_id TEXT NOT NULL,
        file_path TEXT NOT NULL,
        file_name TEXT NOT NULL,
        size INTEGER NOT NULL,
        mtime_ms INTEGER NOT NULL,
        received INTEGER NOT NULL DEFAULT 0,
        state TEXT NOT NULL,
        import_id TEXT,
        upload_answer TEXT,
        error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
    `,
  },
  {
    // The LAN primary desk's role kept across restarts (issue 13, item 5): a primary that was not stopped
    // starts again on its port when the app does, and its peers find it where they left it.
    name: "008_primary_role",
    sql: `
      CREATE TABLE primary_role (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        port INTEGER NOT NULL,
        started_at TEXT NOT NULL
      );
    `,
  },
  {
    // Ticket conditions' unpaid answer (issue 14, item 7): a guest the session refuses only because the ticket its
    // rule asks for awaits its payment is kept (allowed 0, refusal 'unpaid') to be answered unpaid offline.
    name: "009_unpaid_guests",
    sql: `
      ALTER TABLE guests ADD COLUMN refusal TEXT;
    `,
  },
];

export class MigrationHistoryError extends Error {
  override name = "MigrationHistoryError";
}

export function migrationChecksum(sql: string): string {
  return createHash("sha256").update(sql).digest("hex");
}

/**
 * Opens (creating if need be) the desk's database and applies the migrations it lacks, each in its own
 * transaction with its record. A diverging history throws MigrationHistoryError and leaves the file untouched.
 */
export function openLocalDb(file: string, migrations: readonly LocalMigration[] = LOCAL_MIGRATIONS): LocalDb {
  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    migrate(db, migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function migrate(db: LocalDb, migrations: readonly LocalMigration[]): void {
  db.exec(
    "CREATE TABLE IF NOT EXISTS local_migrations (position INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, " +
      "checksum TEXT NOT NULL, applied_at TEXT NOT NULL)",
  );
  const applied = db.prepare("SELECT position, name, checksum FROM local_migrations ORDER BY position").all() as {
    position: number;
    name: string;
    checksum: string;
  }[];
  applied.forEach((row, index) => {
    const known = migrations[index];
    if (!known || known.name !== row.name)
      throw new MigrationHistoryError(
        `This desk database was written by another version of the app: its migration "${row.name}" is unknown here`,
      );
    if (migrationChecksum(known.sql) !== row.checksum)
      throw new MigrationHistoryError(
        `This desk database's migration "${row.name}" differs from this app's (checksum mismatch)`,
      );
  });
  const record = db.prepare("INSERT INTO local_migrations (position, name, checksum, applied_at) VALUES (?, ?, ?, ?)");
  for (const [index, migration] of migrations.entries()) {
    if (index < applied.length) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(index + 1, migration.name, migrationChecksum(migration.sql), new Date().toISOString());
    })();
  }
}
