import {
  CheckinStatisticsQuery,
  CheckinStatisticsSchema,
  LegacyCheckinStatisticsQuery,
} from "../schemas/checkinStatistics.ts";
import { EventScopedParams } from "../schemas/guests.ts";
import { LegacyEventParams } from "../schemas/legacy.ts";
import { AttendanceStatisticsQuery, AttendanceStatisticsSchema, LegacyAttendanceQuery } from "../schemas/statistics.ts";
import { contract } from "./contract.ts";

const tags = ["statistics"];
const FIGURES =
  "The event's guests by status, and for each question with answers to count (single, multiple and dropdown " +
  "choices, ratings) how many guests gave each answer and how many gave none. Without `form`: every such " +
  "custom field of the event over every guest; with a registration form: its questions over every guest; with " +
  "a survey: its questions over its respondents. Anyone who sees the event.";
const CHECKIN_FIGURES =
  "Each check-in session's figures (its guests the rules let in, those who came in, no-shows, entries, exits, " +
  "present now, forced entries, refused attempts by reason), the arrivals over time in buckets of 5 or 15 " +
  "minutes, an hour or a day (picked from how long they spread, cut on the event's wall clock) and each desk's " +
  "entries, exits and refusals; of every session, or of `checkinId`'s only (404 when it is not the event's). " +
  "Anyone who sees the event.";

/** The event's Statistics screen (spec §2 "Statistics … custom fields"). */
export const statisticsContracts = {
  attendance: contract({
    method: "get",
    path: "/events/:a/:e/statistics/attendance",
    summary: "The event's attendance and answers in figures",
    description: FIGURES,
    tags,
    params: EventScopedParams,
    query: AttendanceStatisticsQuery,
    response: AttendanceStatisticsSchema,
    errors: [404],
  }),
  legacyAttendance: contract({
    method: "get",
    path: "/:event/admin/statistics/attendance",
    isLegacy: true,
    summary: "The event's attendance and answers in figures (legacy)",
    description:
      "Same as GET /api/v1/events/{a}/{e}/statistics/attendance, the statuses named in `language` (default: the " +
      "caller's). `event` is the event's slug, in the caller's account (404 otherwise). " +
      FIGURES,
    tags: [...tags, "legacy"],
    params: LegacyEventParams,
    query: LegacyAttendanceQuery,
    response: AttendanceStatisticsSchema,
    errors: [404],
  }),
  checkin: contract({
    method: "get",
    path: "/events/:a/:e/statistics/checkin",
    summary: "The event's check-in in figures",
    description: CHECKIN_FIGURES,
    tags,
    params: EventScopedParams,
    query: CheckinStatisticsQuery,
    response: CheckinStatisticsSchema,
    errors: [404],
  }),
  legacyCheckin: contract({
    method: "get",
    path: "/:event/admin/statistics/getCheckin",
    isLegacy: true,
    summary: "A check-in session in figures (legacy)",
    description:
      "Same as GET /api/v1/events/{a}/{e}/statistics/checkin?checkinId={id}. `event` is the event's slug, in the " +
      "caller's account, and `id` one of its check-in sessions (404 otherwise). " +
      CHECKIN_FIGURES,
    tags: [...tags, "legacy"],
    params: LegacyEventParams,
    query: LegacyCheckinStatisticsQuery,
    response: CheckinStatisticsSchema,
    errors: [404],
  }),
};
