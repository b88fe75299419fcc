import type { FormStatisticsJson } from "@/queries/forms.ts";

type QuestionStatistics = FormStatisticsJson["questions"][number];

/** One bar: what was answered and by how many guests (and, for an answer with a quota, how many wait for it). */
export interface ChartRow {
  answer: string;
  count: number;
  /** Guests on the answer's waiting list: answers with a quota (or someone waiting) of registration forms. */
  waiting?: number;
}

/**
 * How a question's figures are drawn: each answer's count for a choice question (horizontal bars), each
 * value's count with the average for numbers and ratings, else only how many answered.
 */
export type QuestionChart =
  /** `hasWaiting`: a registration form's question with an answer whose waiting list counts (its rows say it). */
  | { kind: "choices"; rows: ChartRow[]; hasWaiting: boolean }
  | { kind: "values"; rows: ChartRow[]; average: number | null }
  | { kind: "answered" };

export function chartOf(question: QuestionStatistics, language: string): QuestionChart {
  if (question.options) {
    const rows = question.options.map((option): ChartRow => {
      const row = { answer: option.label, count: option.count };
      // A registration form's answer with a quota has a waiting list (one left without its quota may still hold some).
      const hasWaitingList = option.waiting !== undefined && (Boolean(option.quota) || option.waiting > 0);
      return hasWaitingList ? { ...row, waiting: option.waiting } : row;
    });
    return { kind: "choices", rows, hasWaiting: rows.some((row) => row.waiting !== undefined) };
  }
  if (question.values) {
    const format = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    const rows = [...question.values]
      .sort((a, b) => a.value - b.value)
      .map((value) => ({ answer: format.format(value.value), count: value.count }));
    return { kind: "values", rows, average: question.average ?? null };
  }
  return { kind: "answered" };
}

/** An average as read aloud and shown: two decimals at most, in the reader's language. */
export function formatAverage(average: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(average);
}
