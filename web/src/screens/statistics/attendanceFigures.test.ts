import { describe, expect, it } from "vitest";
import { answerRows, formatShare, NO_ANSWER, shareOf, statusRows } from "./attendanceFigures.ts";

const question = (type: "unique_choice" | "multiple_choice", answered: number, counts: number[]) => ({
  fieldId: "00000000-0000-4000-8000-000000000001",
  label: "Workshop",
  type,
  answered,
  answers: counts.map((count, index) => ({ value: `o${index}`, label: `Option ${index}`, count })),
});

describe("the Statistics screen's figures", () => {
  it("shares each status of every guest, every status listed, zeros too, those coming first", () => {
    const rows = statusRows(
      {
        guests: 8,
        statuses: [
          { status: "refused", label: "Has refused", count: 2 },
          { status: "cancelled", label: "Has cancelled", count: 0 },
          { status: "confirmed", label: "Confirmed", count: 6 },
        ],
      },
      (status) => `<${status}>`,
    );
    expect(rows.map(({ key, label, count, share }) => [key, label, count, share])).toEqual([
      ["confirmed", "<confirmed>", 6, 0.75],
      ["refused", "<refused>", 2, 0.25],
      ["cancelled", "<cancelled>", 0, 0],
    ]);
    expect(new Set(rows.map((row) => row.color)).size).toBe(3);
  });

  it("ends a question's answers with the guests who gave none, shares of the population", () => {
    const rows = answerRows(question("unique_choice", 3, [1, 2]), 5, "No answer");
    expect(rows.map(({ key, label, count, share }) => [key, label, count, share])).toEqual([
      ["o0", "Option 0", 1, 0.2],
      ["o1", "Option 1", 2, 0.4],
      [NO_ANSWER, "No answer", 2, 0.4],
    ]);
  });

  it("lets a multiple choice's shares add up past the whole, and counts nobody twice as unanswered", () => {
    const rows = answerRows(question("multiple_choice", 2, [2, 2, 1]), 4, "No answer");
    expect(rows.map((row) => row.count)).toEqual([2, 2, 1, 2]);
    expect(rows.reduce((sum, row) => sum + row.share, 0)).toBeCloseTo(1.75);
  });

  it("reads nothing of nobody: shares of an empty population are 0", () => {
    expect(shareOf(0, 0)).toBe(0);
    expect(answerRows(question("unique_choice", 0, [0]), 0, "No answer").map((row) => row.share)).toEqual([0, 0]);
  });

  it("writes shares as people read them in their language", () => {
    expect(formatShare(0.125, "en")).toBe("12.5%");
    expect(formatShare(0.4, "fr")).toBe("40\u00a0%");
    expect(formatShare(1 / 3, "es")).toBe("33,3\u00a0%");
  });
});
