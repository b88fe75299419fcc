import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractOutput } from "@tessera/shared/client";
import type { statisticsContracts } from "@tessera/shared/contracts/statistics";
import { api } from "./api.ts";

type Contracts = typeof statisticsContracts;
export type AttendanceStatisticsJson = ContractOutput<Contracts["attendance"]>;
export type QuestionFiguresJson = AttendanceStatisticsJson["questions"][number];

/** The cache keys of an event's figures; `formId` null: every counted question of the event. */
export const statisticsKeys = {
  all: (accountId: string, eventId: string) => ["statistics", accountId, eventId] as const,
  attendance: (accountId: string, eventId: string, formId: string | null) =>
    ["statistics", accountId, eventId, "attendance", formId ?? "every-field"] as const,
};

/**
 * The event's guests by status and each counted question's answers, of one form or of every field. Figures
 * move as guests register: read again each time the screen opens (what was read shows meanwhile).
 */
export function attendanceStatisticsQuery(accountId: string, eventId: string, formId: string | null) {
  return queryOptions({
    queryKey: statisticsKeys.attendance(accountId, eventId, formId),
    queryFn: () =>
      api.statistics.attendance({ params: { a: accountId, e: eventId }, query: formId ? { form: formId } : {} }),
    staleTime: 0,
  });
}

/** The figures of the Statistics screen. */
export function useAttendanceStatistics(accountId: string, eventId: string, formId: string | null) {
  return useQuery(attendanceStatisticsQuery(accountId, eventId, formId));
}
