import {
  SCAN_REFUSALS,
  type CheckinStatistics,
  type CheckinStatisticsQuery,
  type ScanRefusal,
  type SessionFigures,
} from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { Checkin } from "../../models/Checkin.ts";
import { admittedCounts } from "../checkins/admitted.ts";
import { findCheckin } from "../checkins/sessions.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import type { Scope } from "../scope.ts";
import { arrivalsOverTime, type ScansOf } from "./arrivals.ts";

/*
 * The event's Statistics screen, its check-in part (and the legacy GET statistics/getCheckin): each session's
 * figures, the arrivals over time and each desk's work, of every session or of one. The database counts: grouped
 * statements over checkin_entries and checkin_scans, the guests let in and no-shows as admitted.ts counts them.
 * Nothing is read a guest or a scan at a time but the pages of guests a session's rule is judged on.
 */

const asNumber = (value: unknown) => Number(value ?? 0);

type EntryRow = { checkinId: string; admitted: unknown; presentNow: unknown; entries: unknown; exits: unknown };
type ResultRow = { checkinId: string; result: string; scans: unknown; forced: unknown };
type DeskRow = { desk: string | null; entries: unknown; exits: unknown; refused: unknown; scans: unknown };

async function sessionFigures(db: Knex, eventId: string, checkins: readonly Checkin[]): Promise<SessionFigures[]> {
  const ids = checkins.map((checkin) => checkin.id);
  if (!ids.length) return [];
  const [entryRows, resultRows, admitted] = await Promise.all([
    db("checkinEntries")
      .whereIn("checkinId", ids)
      .groupBy("checkinId")
      .select(
        "checkinId",
        db.raw("sum(case when entries > 0 then 1 else 0 end) as admitted"),
        db.raw("sum(case when state = 'in' then 1 else 0 end) as present_now"),
        db.raw("sum(entries) as entries"),
        db.raw("sum(exits) as exits"),
      ) as Promise<EntryRow[]>,
    db("checkinScans")
      .whereIn("checkinId", ids)
      .groupBy("checkinId", "result")
      .select(
        "checkinId",
        "result",
        db.raw("count(*) as scans"),
        db.raw("sum(case when forced then 1 else 0 end) as forced"),
      ) as Promise<ResultRow[]>,
    admittedCounts(db, eventId, checkins),
  ]);
  const entriesOf = new Map(entryRows.map((row) => [row.checkinId, row]));
  return checkins.map((checkin) => {
    const entry = entriesOf.get(checkin.id);
    const results = resultRows.filter((row) => row.checkinId === checkin.id);
    const refusedBy = Object.fromEntries(SCAN_REFUSALS.map((reason) => [reason, 0])) as Record<ScanRefusal, number>;
    for (const row of results) if (row.result in refusedBy) refusedBy[row.result as ScanRefusal] = asNumber(row.scans);
    const { allowed, noShows } = admitted.get(checkin.id)!;
    return {
      id: checkin.id,
      name: checkin.name,
      type: checkin.type,
      allowedGuests: allowed,
      admitted: asNumber(entry?.admitted),
      noShows,
      entries: asNumber(entry?.entries),
      exits: asNumber(entry?.exits),
      presentNow: asNumber(entry?.presentNow),
      forced: results.reduce((sum, row) => sum + asNumber(row.forced), 0),
      refused: Object.values(refusedBy).reduce((sum, count) => sum + count, 0),
      refusedBy,
    };
  });
}

/** Each desk's entries, exits and refusals, by name; the scans that named no desk last. */
async function deskFigures(db: Knex, of: ScansOf): Promise<CheckinStatistics["desks"]> {
  const rows = (await db("checkinScans")
    .where(of)
    .groupBy("desk")
    .orderBy("desk")
    .select(
      "desk",
      db.raw("sum(case when result = 'ok' and direction = 'in' then 1 else 0 end) as entries"),
      db.raw("sum(case when result = 'ok' and direction = 'out' then 1 else 0 end) as exits"),
      db.raw("sum(case when result <> 'ok' then 1 else 0 end) as refused"),
      db.raw("count(*) as scans"),
    )) as DeskRow[];
  return [...rows.filter((row) => row.desk !== null), ...rows.filter((row) => row.desk === null)].map((row) => ({
    desk: row.desk,
    entries: asNumber(row.entries),
    exits: asNumber(row.exits),
    refused: asNumber(row.refused),
    scans: asNumber(row.scans),
  }));
}

export async function checkinStatistics(
  scope: Scope,
  key: EventKey,
  query: CheckinStatisticsQuery,
): Promise<CheckinStatistics> {
  const { db } = scope;
  const { event } = await findEventByKeyFor(db, scope.actor, "read", key);
  const checkins = query.checkinId
    ? [await findCheckin(db, event.id, query.checkinId)]
    : await Checkin.query(db).where({ eventId: event.id }).orderBy("createdAt", "desc").orderBy("id");
  const of: ScansOf = query.checkinId ? { checkinId: query.checkinId } : { eventId: event.id };
  const [sessions, arrivals, desks] = await Promise.all([
    sessionFigures(db, event.id, checkins),
    arrivalsOverTime(db, of, event.timezone),
    deskFigures(db, of),
  ]);
  return { timezone: event.timezone, checkinId: query.checkinId ?? null, sessions, arrivals, desks };
}
