import { describe, expect, it } from "vitest";
import { chartOf, formatAverage } from "./statisticsCharts.ts";

const question = { fieldId: "00000000-0000-4000-8000-000000000001", label: "Q", answered: 3 };

describe("statisticsCharts", () => {
  it("draws a choice question as each answer's count, in the answers' order", () => {
    const options = [
      { id: "am", label: "Morning", count: 2 },
      { id: "pm", label: "Afternoon", count: 0 },
    ];
    expect(chartOf({ ...question, type: "unique_choice", options }, "en")).toEqual({
      kind: "choices",
      rows: [
        { answer: "Morning", count: 2 },
        { answer: "Afternoon", count: 0 },
      ],
    });
  });

  it("draws numbers and ratings as each value's count, smallest first, with the average", () => {
    const values = [
      { value: 5, count: 1 },
      { value: 2.5, count: 2 },
    ];
    expect(chartOf({ ...question, type: "number", values, average: 3.33 }, "fr")).toEqual({
      kind: "values",
      rows: [
        { answer: "2,5", count: 2 },
        { answer: "5", count: 1 },
      ],
      average: 3.33,
    });
    expect(chartOf({ ...question, type: "rating", values: [], average: null }, "en")).toMatchObject({
      kind: "values",
      average: null,
    });
  });

  it("only counts the answers of other questions", () => {
    expect(chartOf({ ...question, type: "text" }, "en")).toEqual({ kind: "answered" });
  });

  it("says an average with two decimals at most", () => {
    expect(formatAverage(10 / 3, "en")).toBe("3.33");
    expect(formatAverage(4, "fr")).toBe("4");
  });
});
