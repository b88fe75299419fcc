import { Type, type Static } from "@sinclair/typebox";
import { CHECKIN_DESK_NAME_MAX } from "../rules/checkins.ts";
import { ARRIVAL_BUCKETS, SCAN_REFUSALS, type ScanRefusal } from "../rules/checkinStatistics.ts";
import { CheckinTypeSchema } from "./checkins.ts";
import { Nullable, Timestamp, Uuid, literals } from "./common.ts";

/*
 * The event's Statistics screen, its check-in part (spec §2 "Statistics … checkin"; legacy GET
 * statistics/getCheckin): each session's entries, guests, refusals and no-shows, the arrivals over time and the
 * desks' work, of every session or of one.
 */

export const CheckinStatisticsQuery = Type.Object({
  checkinId: Type.Optional({ ...Uuid, description: "Only this check-in session's figures" }),
});
export type CheckinStatisticsQuery = Static<typeof CheckinStatisticsQuery>;

/** Legacy `GET /{event}/admin/statistics/getCheckin`: the session, by its id. */
export const LegacyCheckinStatisticsQuery = Type.Object({
  id: { ...Uuid, description: "The check-in session" },
});

const Count = Type.Integer({ minimum: 0 });

/** Refused attempts by reason: every answer but ok, each with its count (zeros included). */
const RefusalCounts = Type.Object(
  Object.fromEntries(SCAN_REFUSALS.map((reason) => [reason, Count])) as Record<ScanRefusal, typeof Count>,
  { description: "Refused attempts by reason: every scan answer but ok" },
);

export const SessionFiguresSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  type: CheckinTypeSchema,
  /** Guests the session's rules let in (confirmed ones unless the rules judge the status). */
  allowedGuests: Count,
  /** Different guests who came in at least once (forced entries included). */
  admitted: Count,
  /** Guests the rules let in who never came in. */
  noShows: Count,
  /** Entries counted: first entries, re-entries and multiple entries. */
  entries: Count,
  exits: Count,
  /** Guests in now: came in, did not go out since. */
  presentNow: Count,
  /** Entries let in against the answer: by a supervisor, or an offline desk in conflict with the server. */
  forced: Count,
  /** Attempts refused, every reason. */
  refused: Count,
  refusedBy: RefusalCounts,
});
export type SessionFigures = Static<typeof SessionFiguresSchema>;

export const CheckinStatisticsSchema = Type.Object({
  /** The event's time zone: the buckets are cut on its wall clock. */
  timezone: Type.String(),
  /** The session the figures are narrowed to, or null: every session of the event. */
  checkinId: Nullable(Uuid),
  /** The session asked for, or each session of the event, newest first. */
  sessions: Type.Array(SessionFiguresSchema),
  /** Guests let in over time (entries, forced ones and re-entries included), by the time they were scanned. */
  arrivals: Type.Object({
    /** The width of a bucket, from the span of the arrivals: 5 minutes up to 3 h, 15 up to 12 h, an hour up to 4 days, else a day. */
    bucket: literals(ARRIVAL_BUCKETS),
    total: Count,
    /** From the first arrival's bucket to the last one's, empty buckets included; none without arrivals. */
    points: Type.Array(Type.Object({ start: Timestamp, arrivals: Count })),
  }),
  /** What each desk did, by the desk's name (null: scans that named no desk). */
  desks: Type.Array(
    Type.Object({
      desk: Nullable(Type.String({ maxLength: CHECKIN_DESK_NAME_MAX })),
      /** Guests let in (forced ones included). */
      entries: Count,
      exits: Count,
      refused: Count,
      scans: Count,
    }),
  ),
});
export type CheckinStatistics = Static<typeof CheckinStatisticsSchema>;
