/** The desk's one session in the local database: what the access code gave, and when it last synced. */
import type { CheckinOptions, DeskSessionSchema, DeskSignInAnswer } from "@tessera/shared/schemas/checkins";
import type { Static } from "@sinclair/typebox";
import type { LocalDb } from "./localDb.ts";

export type DeskSessionJson = Static<typeof DeskSessionSchema>;
export type DeskSignInJson = Static<typeof DeskSignInAnswer>;
export type DisplayedField = DeskSessionJson["checkin"]["displayedFields"][number];

export interface LocalSession {
  checkinId: string;
  eventId: string;
  name: string;
  type: string;
  status: string;
  options: CheckinOptions;
  displayedFields: DisplayedField[];
  checkinUpdatedAt: string;
  serverUrl: string;
  desk: string;
  token: string;
  /** The server's time the last complete download began: the next refresh's `updatedSince`. */
  snapshotAsOf: string | null;
  /** The desk's time the last refresh ended. */
  lastSyncAt: string | null;
}

interface SessionRow {
  checkin_id: string;
  event_id: string;
  name: string;
  type: string;
  status: string;
  options: string;
  displayed_fields: string;
  checkin_updated_at: string;
  server_url: string;
  desk: string;
  token: string;
  snapshot_as_of: string | null;
  last_sync_at: string | null;
}

export function readSession(db: LocalDb): LocalSession | null {
  const row = db.prepare("SELECT * FROM session WHERE id = 1").get() as SessionRow | undefined;
  if (!row) return null;
  return {
    checkinId: row.checkin_id,
    eventId: row.event_id,
    name: row.name,
    type: row.type,
    status: row.status,
    options: JSON.parse(row.options) as CheckinOptions,
    displayedFields: JSON.parse(row.displayed_fields) as DisplayedField[],
    checkinUpdatedAt: row.checkin_updated_at,
    serverUrl: row.server_url,
    desk: row.desk,
    token: row.token,
    snapshotAsOf: row.snapshot_as_of,
    lastSyncAt: row.last_sync_at,
  };
}

/**
 * A new sign-in: the session and its token replace any former one, and a session of another check-in starts
 * from an empty snapshot. Scans still queued are kept (they go up with the token they were made under later).
 */
export function saveSignIn(db: LocalDb, serverUrl: string, answer: DeskSignInJson): void {
  db.transaction(() => {
    const former = readSession(db);
    if (former && (former.checkinId !== answer.checkin.id || former.serverUrl !== serverUrl)) {
      db.exec("DELETE FROM guests; DELETE FROM verification_keys; DELETE FROM revoked_serials");
    }
    // The same session as before, its rules unchanged: the next refresh goes on from the last one.
    const keepSync =
      former?.checkinId === answer.checkin.id &&
      former.serverUrl === serverUrl &&
      former.checkinUpdatedAt === answer.checkin.updatedAt;
    db.prepare("DELETE FROM session").run();
    db.prepare(
      `INSERT INTO session (id, checkin_id, event_id, name, type, status, options, displayed_fields,
         checkin_updated_at, server_url, desk, token, snapshot_as_of, last_sync_at)
       VALUES (1, @checkinId, @eventId, @name, @type, @status, @options, @displayedFields, @updatedAt, @serverUrl,
         @desk, @token, @snapshotAsOf, @lastSyncAt)`,
    ).run({
      checkinId: answer.checkin.id,
      eventId: answer.checkin.eventId,
      name: answer.checkin.name,
      type: answer.checkin.type,
      status: answer.checkin.status,
      options: JSON.stringify(answer.checkin.options),
      displayedFields: JSON.stringify(answer.checkin.displayedFields),
      updatedAt: answer.checkin.updatedAt,
      serverUrl,
      desk: answer.desk,
      token: answer.token,
      snapshotAsOf: keepSync ? former.snapshotAsOf : null,
      lastSyncAt: keepSync ? former.lastSyncAt : null,
    });
  })();
}

/**
 * The session as the server tells it now (rules, fields, options); answers whether its rules changed since the
 * snapshot was made, in which case the snapshot is marked for a full download (kept until that one completes).
 */
export function updateSession(db: LocalDb, current: DeskSessionJson): boolean {
  return db.transaction(() => {
    const former = readSession(db);
    if (!former) throw new Error("The desk is not signed in");
    const rulesChanged = former.checkinUpdatedAt !== current.checkin.updatedAt;
    db.prepare(
      `UPDATE session SET name = ?, type = ?, status = ?, options = ?, displayed_fields = ?, checkin_updated_at = ?,
         desk = ?, snapshot_as_of = ? WHERE id = 1`,
    ).run(
      current.checkin.name,
      current.checkin.type,
      current.checkin.status,
      JSON.stringify(current.checkin.options),
      JSON.stringify(current.checkin.displayedFields),
      current.checkin.updatedAt,
      current.desk,
      rulesChanged ? null : former.snapshotAsOf,
    );
    return rulesChanged;
  })();
}
