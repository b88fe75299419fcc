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
};
