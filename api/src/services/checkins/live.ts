import { personName, type LiveScan, type ScanAnswer } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import type { EventStreamSource, StreamEvent } from "../../live/stream.ts";
import type { Checkin } from "../../models/Checkin.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import type { Scope } from "../scope.ts";
import type { GuestRow } from "./admission.ts";
import { findCheckin } from "./sessions.ts";

/*
 * Every scan pushed live to the boards watching its session or its event (issue 12 item 4): published in
 * the scan's transaction (sent at its commit, in every API process), streamed as Server-Sent Events. What a
 * board missed is read back from checkin_scans: since its Last-Event-ID, a few seconds back, because a scan
 * received earlier may commit after one received later.
 */

/** The scans of an event, as one topic of the live bus (a session's board keeps its own). */
export const scanTopicOf = (eventId: string) => `checkin-scans:${eventId}`;
/** How far before the Last-Event-ID a backlog reads again, for scans that committed late. */
const LATE_COMMIT_MS = 5_000;
/** The scans a board gets when it first connects. */
const FIRST_BACKLOG = 100;

const nameOf = (guest: Pick<GuestRow, "firstName" | "lastName"> | null) =>
  guest ? (personName(guest.firstName, guest.lastName)?.slice(0, 200) ?? null) : null;

/** What the boards are told of a scan. */
export function liveScanOf(
  checkin: Pick<Checkin, "id">,
  scanRowId: string,
  guest: Pick<GuestRow, "firstName" | "lastName"> | null,
  answer: ScanAnswer,
): LiveScan {
  return {
    id: scanRowId,
    checkinId: checkin.id,
    result: answer.result,
    direction: answer.direction,
    guestId: answer.guest?.id ?? null,
    guestName: nameOf(guest),
    desk: answer.desk,
    forced: answer.forced,
    flagged: answer.flagged,
    scannedAt: answer.scannedAt,
    receivedAt: answer.receivedAt,
  };
}

/** In the scan's transaction: tells the boards of its event (sent once it commits). */
export async function publishScan(
  trx: Knex.Transaction,
  scope: Scope,
  checkin: Pick<Checkin, "id" | "eventId">,
  scanRowId: string,
  guest: Pick<GuestRow, "firstName" | "lastName"> | null,
  answer: ScanAnswer,
): Promise<void> {
  await scope.deps.live.publish(trx, scanTopicOf(checkin.eventId), liveScanOf(checkin, scanRowId, guest, answer));
}

const eventOf = (scan: LiveScan): StreamEvent => ({
  id: `${new Date(scan.receivedAt).getTime()}-${scan.id}`,
  event: "scan",
  data: scan,
});

/** The time a stream's event id names (null: not one of ours, read from the start). */
function receivedAtOf(eventId: string | null): Date | null {
  const time = eventId ? Number(eventId.split("-", 1)[0]) : NaN;
  return Number.isFinite(time) && time > 0 ? new Date(time) : null;
}

interface ScanRow {
  id: string;
  checkinId: string;
  result: LiveScan["result"];
  direction: LiveScan["direction"];
  guestId: string | null;
  firstName: string | null;
  lastName: string | null;
  desk: string | null;
  forced: boolean | number;
  flagged: boolean | number;
  scannedAt: Date | string;
  receivedAt: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

async function backlog(db: Knex, eventId: string, checkinId: string | null, since: Date | null): Promise<LiveScan[]> {
  const query = db("checkinScans")
    .leftJoin("guests", "guests.id", "checkinScans.guestId")
    .where(checkinId ? { "checkinScans.checkinId": checkinId } : { "checkinScans.eventId": eventId })
    .select(
      "checkinScans.id",
      "checkinScans.checkinId",
      "checkinScans.result",
      "checkinScans.direction",
      "checkinScans.guestId",
      "guests.firstName",
      "guests.lastName",
      "checkinScans.desk",
      "checkinScans.forced",
      "checkinScans.flagged",
      "checkinScans.scannedAt",
      "checkinScans.receivedAt",
    );
  const rows = (
    since
      ? await query
          .where("checkinScans.receivedAt", ">=", new Date(since.getTime() - LATE_COMMIT_MS).toISOString())
          .orderBy([{ column: "checkinScans.receivedAt" }, { column: "checkinScans.id" }])
          .limit(10_000)
      : (
          await query
            .orderBy([
              { column: "checkinScans.receivedAt", order: "desc" },
              { column: "checkinScans.id", order: "desc" },
            ])
            .limit(FIRST_BACKLOG)
        ).reverse()
  ) as ScanRow[];
  return rows.map((row) => ({
    id: row.id,
    checkinId: row.checkinId,
    result: row.result,
    direction: row.direction,
    guestId: row.guestId,
    guestName: nameOf(row),
    desk: row.desk,
    forced: Boolean(row.forced),
    flagged: Boolean(row.flagged),
    scannedAt: iso(row.scannedAt),
    receivedAt: iso(row.receivedAt),
  }));
}

/**
 * The live scans of an event (checkinId null) or of one of its sessions, for whoever sees the event:
 * 404 otherwise, before the stream starts.
 */
export async function liveScans(scope: Scope, key: EventKey, checkinId: string | null): Promise<EventStreamSource> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  if (checkinId) await findCheckin(scope.db, event.id, checkinId);
  return {
    backlog: async (lastEventId) =>
      (await backlog(scope.db, event.id, checkinId, receivedAtOf(lastEventId))).map(eventOf),
    subscribe: (push, onGap) =>
      scope.deps.live.subscribe(
        scanTopicOf(event.id),
        (data) => {
          const scan = data as LiveScan;
          if (!checkinId || scan.checkinId === checkinId) push(eventOf(scan));
        },
        onGap,
      ),
  };
}
