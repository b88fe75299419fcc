import { statisticsContracts as statistics } from "@tessera/shared/contracts/statistics";
import { attendanceStatistics } from "../../../services/statistics/attendance.ts";
import { checkinStatistics } from "../../../services/statistics/checkins.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "../guests/eventKey.ts";

/** /events/{a}/{e}/statistics: the event's Statistics screen (spec §2). */
export const statisticsRoutes: Route[] = [
  route(statistics.attendance, (scope, { params, query }) => attendanceStatistics(scope, eventKey(params), query)),
  route(statistics.checkin, (scope, { params, query }) => checkinStatistics(scope, eventKey(params), query)),
];

/** spec §7 legacy `GET /{event}/admin/statistics/attendance (language)`: the same figures, the event by its slug. */
export const legacyStatisticsRoutes: Route[] = [
  route(statistics.legacyAttendance, (scope, { params, query }) =>
    attendanceStatistics(scope, { slug: params.event }, { form: query.form }, query.language),
  ),
  /** spec §7 legacy `GET /{event}/admin/statistics/getCheckin (id param)`: one session's figures. */
  route(statistics.legacyCheckin, (scope, { params, query }) =>
    checkinStatistics(scope, { slug: params.event }, { checkinId: query.id }),
  ),
];
