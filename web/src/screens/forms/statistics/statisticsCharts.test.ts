import { describe, expect, it } from "vitest";
import { loadI18n } from "@/app/language.ts";
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
      hasWaiting: false,
    });
  });

  it("says how many guests wait for each answer with a quota of a registration form", () => {
    const options = [
      { id: "am", label: "Morning", count: 2, quota: 2, waiting: 3 },
      { id: "pm", label: "Afternoon", count: 1, quota: null, waiting: 0 },
      { id: "ev", label: "Evening", count: 1, quota: 5, waiting: 0 },
      // Its quota removed while guests still wait: they are counted until they get it.
      { id: "nt", label: "Night", count: 0, quota: null, waiting: 1 },
    ];
    expect(chartOf({ ...question, type: "multiple_choice", options }, "en")).toEqual({
      kind: "choices",
      rows: [
        { answer: "Morning", count: 2, waiting: 3 },
        { answer: "Afternoon", count: 1 },
        { answer: "Evening", count: 1, waiting: 0 },
        { answer: "Night", count: 0, waiting: 1 },
      ],
      hasWaiting: true,
    });
    // A registration form without any quota, or a survey (no waiting counted): no waiting list to show.
    const unlimited = options.map((option) => ({ ...option, quota: null, waiting: 0 }));
    expect(chartOf({ ...question, type: "unique_choice", options: unlimited }, "en")).toMatchObject({
      hasWaiting: false,
    });
  });

  it.each([
    ["en", "3 waiting", "Morning: 1 waiting"],
    ["fr", "3 en attente", "Morning : 1 en attente"],
    ["es", "3 en espera", "Morning: 1 en espera"],
  ] as const)("says the waiting guests in %s", async (language, count, beside) => {
    const t = (await loadI18n(language)).getFixedT(language, "web");
    expect(t("forms.statistics.waitingCount", { count: 3 })).toBe(count);
    expect(t("forms.statistics.answerWaiting", { answer: "Morning", count: 1 })).toBe(beside);
    expect(t("forms.statistics.waiting")).not.toBe("forms.statistics.waiting");
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
