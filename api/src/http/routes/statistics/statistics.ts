import { statisticsContracts as statistics } from "@tessera/shared/contracts/statistics";
import { attendanceStatistics } from "../../../services/statistics/attendance.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "../guests/eventKey.ts";

/** /events/{a}/{e}/statistics: the event's Statistics screen (spec §2). */
export const statisticsRoutes: Route[] = [
  route(statistics.attendance, (scope, { params, query }) => attendanceStatistics(scope, eventKey(params), query)),
];

/** spec §7 legacy `GET /{event}/admin/statistics/attendance (language)`: the same figures, the event by its slug. */
export const legacyStatisticsRoutes: Route[] = [
  route(statistics.legacyAttendance, (scope, { params, query }) =>
    attendanceStatistics(scope, { slug: params.event }, { form: query.form }, query.language),
  ),
];
