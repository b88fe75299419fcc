/**
 * For the tests: a desk database signed in to a session without a server, with guests in its snapshot, as a
 * sign-in and a refresh would have left it.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { createDeskCore, type DeskCoreOptions } from "../core.ts";
import type { LocalDb } from "../localDb.ts";
import { saveSignIn } from "../session.ts";
import { createPrimaryHandlers, type PrimaryHandlerOptions } from "./handlers.ts";

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

/**
 * A desk as the tests open it: its file in the folder, signed in to the session (unless opened again: the app
 * restarted), and its primary handlers.
 */
export function openTestDesk(options: {
  folder: string;
  name: string;
  checkinId: string;
  guestIds?: string[];
  again?: boolean;
  core?: Partial<DeskCoreOptions>;
  primary?: Omit<PrimaryHandlerOptions, "core">;
}) {
  const core = createDeskCore({
    version: "0.1.0",
    platform: "linux",
    databaseFile: path.join(options.folder, `${options.name}.sqlite`),
    probeIntervalMs: 0,
    ...options.core,
  });
  if (!options.again)
    writeTestSession(core.database(), { checkinId: options.checkinId, desk: options.name, guestIds: options.guestIds });
  return { core, handlers: createPrimaryHandlers({ core, ...options.primary }) };
}
