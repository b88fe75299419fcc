import type { FormItem } from "@tessera/shared/rules/forms";
import { describe, expect, it } from "vitest";
import { loadI18n } from "@/app/language.ts";
import { conditionQuestions, groupRuleInWords, type BuilderFieldInfo } from "./groupRule.ts";

const i18nIn = { en: await loadI18n("en"), fr: await loadI18n("fr"), es: await loadI18n("es") };
const tIn = (language: keyof typeof i18nIn) => i18nIn[language].getFixedT(language, "web");

const WORKSHOP = "00000000-0000-4000-8000-000000000001";
const TOPICS = "00000000-0000-4000-8000-000000000002";
const DIET = "00000000-0000-4000-8000-000000000003";
const ROOM = "00000000-0000-4000-8000-000000000004";
const choice = (label: string, type: BuilderFieldInfo["type"] = "unique_choice"): BuilderFieldInfo => ({
  name: label.toLowerCase(),
  label,
  type,
  options: [
    { id: "am", label: "Morning" },
    { id: "pm", label: "Afternoon" },
    { id: "ev", label: "Evening" },
  ],
});
const FIELDS = new Map<string, BuilderFieldInfo>([
  [WORKSHOP, choice("Workshop")],
  [TOPICS, choice("Topics", "multiple_choice")],
  [DIET, { name: "diet", label: "Diet", type: "short_text", options: [] }],
  [ROOM, choice("Room", "dropdown")],
]);
const question = (id: string, fieldId: string): FormItem => ({ kind: "question", id, fieldId });
const group = (id: string, fieldId: string | null, items: FormItem[] = []): FormItem => ({
  kind: "group",
  id,
  condition: { fieldId, answers: [] },
  items,
});

describe("a conditional group's rule", () => {
  it("reads as a sentence in each language, the answers joined as the language joins alternatives", () => {
    const condition = { fieldId: WORKSHOP, answers: ["am", "pm"] };
    expect(groupRuleInWords(condition, FIELDS, tIn("en"), "en")).toBe("Shown when Workshop is Morning or Afternoon");
    expect(groupRuleInWords(condition, FIELDS, tIn("fr"), "fr")).toBe("Affiché si Workshop est Morning ou Afternoon");
    expect(groupRuleInWords(condition, FIELDS, tIn("es"), "es")).toBe("Se muestra si Workshop es Morning o Afternoon");
    const three = { fieldId: WORKSHOP, answers: ["am", "pm", "ev"] };
    expect(groupRuleInWords(three, FIELDS, tIn("en"), "en")).toBe(
      "Shown when Workshop is Morning, Afternoon, or Evening",
    );
    expect(groupRuleInWords({ fieldId: WORKSHOP, answers: ["am"] }, FIELDS, tIn("en"), "en")).toBe(
      "Shown when Workshop is Morning",
    );
  });

  it("says 'includes' for a question answered with several choices", () => {
    expect(groupRuleInWords({ fieldId: TOPICS, answers: ["ev"] }, FIELDS, tIn("en"), "en")).toBe(
      "Shown when Topics includes Evening",
    );
  });

  it("says what is missing, and names what no longer exists", () => {
    const t = tIn("en");
    expect(groupRuleInWords({ fieldId: null, answers: [] }, FIELDS, t, "en")).toBe(
      "Shown when… (choose a question and its answers)",
    );
    expect(groupRuleInWords({ fieldId: WORKSHOP, answers: [] }, FIELDS, t, "en")).toBe(
      "Shown when Workshop is… (choose its answers)",
    );
    expect(groupRuleInWords({ fieldId: WORKSHOP, answers: ["gone"] }, FIELDS, t, "en")).toBe(
      "Shown when Workshop is a deleted answer",
    );
    expect(
      groupRuleInWords({ fieldId: "00000000-0000-4000-8000-00000000dead", answers: ["am"] }, FIELDS, t, "en"),
    ).toBe("Shown when a deleted question is a deleted answer");
  });

  it("is conditioned by the choice questions placed before the group, in an earlier group too", () => {
    const items = [
      question("q-diet", DIET),
      question("q-workshop", WORKSHOP),
      group("g1", WORKSHOP, [question("q-room", ROOM)]),
      group("g2", null),
      question("q-topics", TOPICS),
    ];
    expect(conditionQuestions(items, "g2", FIELDS).map((question) => question.label)).toEqual(["Workshop", "Room"]);
    expect(conditionQuestions(items, "g1", FIELDS).map((question) => question.label)).toEqual(["Workshop"]);
  });

  it("keeps offering the question it is conditioned by once that question moved after it", () => {
    const items = [group("g", TOPICS), question("q-topics", TOPICS)];
    expect(conditionQuestions(items, "g", FIELDS)).toEqual([{ fieldId: TOPICS, label: "Topics" }]);
  });
});
