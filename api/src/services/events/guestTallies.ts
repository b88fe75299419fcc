import { GUEST_STATUSES, type GuestStatus } from "@tessera/shared";
import { isPostgres } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { AppDeps } from "../scope.ts";

type Db = Knex | Knex.Transaction;

/** How many guests an event has, in all and by status. */
export interface GuestCounts {
  total: number;
  byStatus: Record<GuestStatus, number>;
}

export const FOLD_GUEST_TALLIES_JOB = "events.fold_guest_tallies";

/**
 * Past this many tally rows an event's deltas are folded (PostgreSQL inserts one per write statement;
 * reading a few hundred is still well under a millisecond).
 */
export const TALLY_ROWS_BEFORE_FOLD = 200;

const noGuests = (): GuestCounts => ({
  total: 0,
  byStatus: Object.fromEntries(GUEST_STATUSES.map((status) => [status, 0])) as Record<GuestStatus, number>,
});

const isGuestStatus = (status: string): status is GuestStatus => (GUEST_STATUSES as readonly string[]).includes(status);

/**
 * The guest counts of these events from their tallies (PostgreSQL, migration 20261127002000_event_guest_tallies)
 * or their index (SQLite), and the events whose deltas have piled up enough to fold.
 */
export async function readGuestCounts(
  db: Db,
  eventIds: readonly string[],
): Promise<{ counts: Map<string, GuestCounts>; crowded: string[] }> {
  const counts = new Map(eventIds.map((id) => [id, noGuests()]));
  if (!eventIds.length) return { counts, crowded: [] };
  // SQLite counts the guests from their (event_id, status) index (migration 20261127003000).
  const grouped: Knex.QueryBuilder = isPostgres(db as Knex)
    ? db("eventGuestTallies").sum({ guests: "guests" }).count({ rows: "*" })
    : db("guests").count({ guests: "*" }).select(db.raw("1 as rows"));
  const rows = (await grouped
    .whereIn("eventId", eventIds)
    .groupBy("eventId", "status")
    .select("eventId", "status")) as {
    eventId: string;
    status: string;
    guests: number | string;
    rows: number | string;
  }[];
  const rowsOf = new Map<string, number>();
  for (const row of rows) {
    rowsOf.set(row.eventId, (rowsOf.get(row.eventId) ?? 0) + Number(row.rows));
    const guests = Number(row.guests);
    const event = counts.get(row.eventId);
    if (!event || !isGuestStatus(row.status) || guests === 0) continue;
    event.byStatus[row.status] += guests;
    event.total += guests;
  }
  const crowded = [...rowsOf].filter(([, count]) => count > TALLY_ROWS_BEFORE_FOLD).map(([id]) => id);
  return { counts, crowded };
}

/**
 * Folds an event's committed deltas into one row per status (PostgreSQL; SQLite keeps one row per status
 * already). Deltas of transactions still running are not visible here, so they are neither deleted nor
 * counted: they add to the folded rows when they commit.
 */
export async function foldGuestTallies(db: Knex, eventId: string): Promise<void> {
  if (!isPostgres(db)) return;
  await db.raw(
    `with gone as (delete from event_guest_tallies where event_id = ? returning status, guests)
     insert into event_guest_tallies (event_id, status, guests)
     select ?, status, sum(guests) from gone group by status having sum(guests) <> 0`,
    [eventId, eventId],
  );
}

/** Asks for the crowded events' tallies to be folded, off the request (a failure only delays it). */
export async function foldLater(jobs: JobQueue, eventIds: readonly string[]): Promise<void> {
  await Promise.all(eventIds.map((eventId) => jobs.send(FOLD_GUEST_TALLIES_JOB, { eventId }, { retryLimit: 2 })));
}

export function registerGuestTallyJobs(deps: AppDeps): void {
  deps.jobs.register<{ eventId: string }>(FOLD_GUEST_TALLIES_JOB, ({ eventId }) => foldGuestTallies(deps.db, eventId));
}
