import type { GuestStatus } from "@tessera/shared/rules/guests";
import type { AttendanceStatisticsJson, QuestionFiguresJson } from "@/queries/statistics.ts";

/** How the figures show: charts (their tables visually hidden) or tables. */
export type FiguresDisplay = "charts" | "tables";

/** One line of a chart and of its table: what it counts, how many guests, their share of the whole (0 to 1). */
export interface FigureRow {
  key: string;
  label: string;
  count: number;
  share: number;
  color: string;
}

/** The key of a question's "no answer" line (option ids are never empty). */
export const NO_ANSWER = "";

/** Each status's colour in the attendance chart (Mantine colours; a legend table names them). */
export const STATUS_COLORS: Readonly<Record<GuestStatus, string>> = {
  confirmed: "teal.7",
  pending_approval: "yellow.6",
  to_be_seen: "cyan.7",
  unanswered: "gray.5",
  refused: "orange.7",
  rejected: "red.8",
  cancelled: "grape.7",
};

const ANSWER_COLOR = "blue.6";
const NO_ANSWER_COLOR = "gray.5";

/** `count` out of `total` (0 when there is none). */
export const shareOf = (count: number, total: number) => (total > 0 ? count / total : 0);

/** The statuses as the attendance reads: coming, undecided, not answered, then not coming. */
const STATUS_ORDER: readonly GuestStatus[] = [
  "confirmed",
  "pending_approval",
  "to_be_seen",
  "unanswered",
  "refused",
  "rejected",
  "cancelled",
];
const rankOf = (status: GuestStatus) => STATUS_ORDER.indexOf(status);

/** The event's guests by status, every status in the attendance's order, shares of every guest. */
export function statusRows(
  statistics: Pick<AttendanceStatisticsJson, "guests" | "statuses">,
  labelOf: (status: GuestStatus) => string,
): FigureRow[] {
  const statuses = [...statistics.statuses].sort((a, b) => rankOf(a.status) - rankOf(b.status));
  return statuses.map(({ status, count }) => ({
    key: status,
    label: labelOf(status),
    count,
    share: shareOf(count, statistics.guests),
    color: STATUS_COLORS[status],
  }));
}

/**
 * A question's answers, then the guests who gave none: shares of the population the figures are over (a
 * multiple choice's answers may add up to more than all of it).
 */
export function answerRows(question: QuestionFiguresJson, population: number, noAnswerLabel: string): FigureRow[] {
  const rows: FigureRow[] = question.answers.map((answer) => ({
    key: answer.value,
    label: answer.label,
    count: answer.count,
    share: shareOf(answer.count, population),
    color: ANSWER_COLOR,
  }));
  const unanswered = Math.max(0, population - question.answered);
  rows.push({
    key: NO_ANSWER,
    label: noAnswerLabel,
    count: unanswered,
    share: shareOf(unanswered, population),
    color: NO_ANSWER_COLOR,
  });
  return rows;
}

/** A share as people read it in their language: "42 %", "12.5%", at most one decimal. */
export function formatShare(share: number, language: string): string {
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 }).format(share);
}
