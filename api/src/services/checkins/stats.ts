import { SCAN_RESULTS, type CheckinStats } from "@tessera/shared";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import type { Scope } from "../scope.ts";
import { admittedCounts } from "./admitted.ts";
import { findCheckin } from "./sessions.ts";

/*
 * A session's figures (spec §7 GET checkins/{id}/stats). Entries, presence, scans by result and by desk are
 * counted by the database (three grouped statements over checkin_entries and checkin_scans); the guests the
 * session lets in as admitted.ts counts them.
 */

const asNumber = (value: unknown) => Number(value ?? 0);

export async function checkinStats(scope: Scope, key: EventKey, checkinId: string): Promise<CheckinStats> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const checkin = await findCheckin(scope.db, event.id, checkinId);
  const db = scope.db;
  const [entries, results, desks, admitted] = await Promise.all([
    db("checkinEntries")
      .where({ checkinId: checkin.id })
      .first(
        db.raw("sum(case when entries > 0 then 1 else 0 end) as checked_in"),
        db.raw("sum(case when state = 'in' then 1 else 0 end) as present_now"),
        db.raw("sum(entries) as entries"),
        db.raw("sum(exits) as exits"),
      ) as Promise<Record<string, unknown>>,
    db("checkinScans")
      .where({ checkinId: checkin.id })
      .groupBy("result")
      .select(
        "result",
        db.raw("count(*) as scans"),
        db.raw("sum(case when forced then 1 else 0 end) as forced"),
        db.raw("sum(case when flagged then 1 else 0 end) as flagged"),
      ) as Promise<Record<string, unknown>[]>,
    db("checkinScans")
      .where({ checkinId: checkin.id })
      .groupBy("desk")
      .orderBy("desk")
      .select(
        "desk",
        db.raw("count(*) as scans"),
        db.raw("sum(case when result = 'ok' then 1 else 0 end) as ok"),
        db.raw("max(scanned_at) as last_scan_at"),
      ) as Promise<Record<string, unknown>[]>,
    admittedCounts(db, event.id, [checkin]),
  ]);
  const byResult = Object.fromEntries(SCAN_RESULTS.map((result) => [result, 0])) as Record<string, number>;
  for (const row of results) byResult[String(row.result)] = asNumber(row.scans);
  return {
    allowedGuests: admitted.get(checkin.id)!.allowed,
    checkedIn: asNumber(entries?.checkedIn),
    presentNow: asNumber(entries?.presentNow),
    entries: asNumber(entries?.entries),
    exits: asNumber(entries?.exits),
    forced: results.reduce((sum, row) => sum + asNumber(row.forced), 0),
    flagged: results.reduce((sum, row) => sum + asNumber(row.flagged), 0),
    scans: results.reduce((sum, row) => sum + asNumber(row.scans), 0),
    byResult,
    byDesk: desks.map((row) => ({
      desk: (row.desk as string | null) ?? null,
      scans: asNumber(row.scans),
      ok: asNumber(row.ok),
      lastScanAt: row.lastScanAt ? new Date(row.lastScanAt as string).toISOString() : null,
    })),
  };
}
