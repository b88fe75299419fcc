import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractOutput } from "@tessera/shared/client";
import type { statisticsContracts } from "@tessera/shared/contracts/statistics";
import { api } from "./api.ts";

type Contracts = typeof statisticsContracts;
export type AttendanceStatisticsJson = ContractOutput<Contracts["attendance"]>;
export type QuestionFiguresJson = AttendanceStatisticsJson["questions"][number];
export type CheckinStatisticsJson = ContractOutput<Contracts["checkin"]>;
export type SessionFiguresJson = CheckinStatisticsJson["sessions"][number];

/** The cache keys of an event's figures; `formId` null: every counted question of the event. */
export const statisticsKeys = {
  all: (accountId: string, eventId: string) => ["statistics", accountId, eventId] as const,
  attendance: (accountId: string, eventId: string, formId: string | null) =>
    ["statistics", accountId, eventId, "attendance", formId ?? "every-field"] as const,
  checkin: (accountId: string, eventId: string, checkinId: string | null) =>
    ["statistics", accountId, eventId, "checkin", checkinId ?? "every-session"] as const,
};

/** While the check-in figures are shown, they are read again this often: guests keep arriving. */
export const CHECKIN_FIGURES_REFRESH_MS = 30_000;

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

/**
 * The event's check-in in figures, of every session or of one: each session's guests, entries, refusals and
 * no-shows, the arrivals over time, each desk's work. Read each time the screen opens, and again every 30 s
 * while it is shown (not while the page is in the background).
 */
export function checkinStatisticsQuery(accountId: string, eventId: string, checkinId: string | null) {
  return queryOptions({
    queryKey: statisticsKeys.checkin(accountId, eventId, checkinId),
    queryFn: () =>
      api.statistics.checkin({ params: { a: accountId, e: eventId }, query: checkinId ? { checkinId } : {} }),
    staleTime: 0,
    refetchInterval: CHECKIN_FIGURES_REFRESH_MS,
  });
}

/** The check-in figures of the Statistics screen. */
export function useCheckinStatistics(accountId: string, eventId: string, checkinId: string | null) {
  return useQuery(checkinStatisticsQuery(accountId, eventId, checkinId));
}
