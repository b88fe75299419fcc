/**
 * For the tests: a desk database signed in to a session without a server, with guests in its snapshot, as a
 * sign-in and a refresh would have left it.
 */
import { randomUUID } from "node:crypto";
import type { LocalDb } from "../localDb.ts";
import { saveSignIn } from "../session.ts";

export function writeTestSession(
  db: LocalDb,
  options: { checkinId: string; desk: string; guests?: number; guestIds?: string[] },
): { guestIds: string[] } {
  const at = new Date().toISOString();
  saveSignIn(db, "http://127.0.0.1:9", {
    checkin: {
      id: options.checkinId,
      eventId: randomUUID(),
      name: "Main entrance",
      type: "offline",
      status: "enabled",
      displayedFields: [],
      options: { multipleEntries: false, reentryAfterExit: false, exitScans: false },
      updatedAt: at,
    },
    desk: options.desk,
    token: "tsd_test",
  });
  // The refresh that follows a sign-in.
  db.prepare("UPDATE session SET snapshot_as_of = ?, last_sync_at = ?").run(at, at);
  const guestIds = options.guestIds ?? Array.from({ length: options.guests ?? 0 }, () => randomUUID());
  const insert = db.prepare("INSERT INTO guests (id, allowed, fields, updated_at) VALUES (?, 1, ?, ?)");
  for (const [index, id] of guestIds.entries()) insert.run(id, JSON.stringify({ firstName: `Guest${index}` }), at);
  return { guestIds };
}
