import type { FormStatisticsJson } from "@/queries/forms.ts";

type QuestionStatistics = FormStatisticsJson["questions"][number];

/** One bar: what was answered and by how many guests. */
export interface ChartRow {
  answer: string;
  count: number;
}

/**
 * How a question's figures are drawn: each answer's count for a choice question (horizontal bars), each
 * value's count with the average for numbers and ratings, else only how many answered.
 */
export type QuestionChart =
  | { kind: "choices"; rows: ChartRow[] }
  | { kind: "values"; rows: ChartRow[]; average: number | null }
  | { kind: "answered" };

export function chartOf(question: QuestionStatistics, language: string): QuestionChart {
  if (question.options) {
    return { kind: "choices", rows: question.options.map((option) => ({ answer: option.label, count: option.count })) };
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
