/**
 * For the tests: a desk database signed in to a session without a server, with guests in its snapshot, as a
 * sign-in and a refresh would have left it.
 */
import { randomUUID } from "node:crypto";
import type { LocalDb } from "../localDb.ts";

export function writeTestSession(
  db: LocalDb,
  options: { checkinId: string; desk: string; guests?: number; guestIds?: string[] },
): { guestIds: string[] } {
  const at = new Date().toISOString();
  db.prepare(
    `INSERT INTO session (id, checkin_id, event_id, name, type, status, options, displayed_fields, checkin_updated_at,
       server_url, desk, token, snapshot_as_of, last_sync_at)
     VALUES (1, ?, ?, 'Main entrance', 'entrance', 'open', ?, '[]', ?, 'http://127.0.0.1:9', ?, 'tsd_test', ?, ?)`,
  ).run(
    options.checkinId,
    randomUUID(),
    JSON.stringify({ multipleEntries: false, reentryAfterExit: false, exitScans: false }),
    at,
    options.desk,
    at,
    at,
  );
  const guestIds = options.guestIds ?? Array.from({ length: options.guests ?? 0 }, () => randomUUID());
  const insert = db.prepare("INSERT INTO guests (id, allowed, fields, updated_at) VALUES (?, 1, ?, ?)");
  for (const [index, id] of guestIds.entries()) insert.run(id, JSON.stringify({ firstName: `Guest${index}` }), at);
  return { guestIds };
}
