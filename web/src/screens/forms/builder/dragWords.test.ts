import type { FormItem } from "@tessera/shared/rules/forms";
import { describe, expect, it } from "vitest";
import { loadI18n } from "@/app/language.ts";
import { dragAnnouncements, itemName } from "./dragWords.ts";
import { groupEndId } from "./formTree.ts";
import type { BuilderFieldInfo } from "./groupRule.ts";

const en = await loadI18n("en");
const fr = await loadI18n("fr");
const WORKSHOP = "00000000-0000-4000-8000-000000000001";
const DIET = "00000000-0000-4000-8000-000000000002";
const FIELDS = new Map<string, BuilderFieldInfo>([
  [
    WORKSHOP,
    {
      name: "workshop",
      label: "Workshop",
      type: "unique_choice",
      options: [
        { id: "am", label: "Morning" },
        { id: "pm", label: "Afternoon" },
      ],
    },
  ],
  [DIET, { name: "diet", label: "", type: "short_text", options: [] }],
]);
const ITEMS: FormItem[] = [
  { kind: "question", id: "q-workshop", fieldId: WORKSHOP },
  {
    kind: "group",
    id: "g",
    condition: { fieldId: WORKSHOP, answers: ["am", "pm"] },
    items: [{ kind: "question", id: "q-diet", fieldId: DIET }],
  },
  { kind: "text", id: "intro", title: "", description: "" },
];
const context = { fields: FIELDS, t: en.getFixedT("en", "web"), language: "en" };
const at = (id: string) => ({ id });

describe("what a screen reader hears while an item is moved", () => {
  it("names items by their question, their title or their kind", () => {
    expect(itemName(ITEMS[0], FIELDS, context.t)).toBe("Workshop");
    expect(itemName(ITEMS[1], FIELDS, context.t)).toBe("Conditional group");
    expect(itemName(ITEMS[2], FIELDS, context.t)).toBe("Title and text");
    expect(itemName({ kind: "question", id: "q", fieldId: DIET }, FIELDS, context.t)).toBe("diet");
  });

  it("says where the item is picked up, where it would land and where it is dropped", () => {
    const words = dragAnnouncements(ITEMS, context);
    expect(words.onDragStart({ active: at("intro") })).toBe("Picked up Title and text. Position 3 of 3 in the form.");
    // Over itself as it is picked up: nothing more to say; back in its place later: said.
    expect(words.onDragOver({ active: at("intro"), over: at("intro") })).toBeUndefined();
    expect(words.onDragOver({ active: at("intro"), over: at(groupEndId("g")) })).toBe(
      "Title and text: Position 2 of 2 in the group. Shown when Workshop is Morning or Afternoon.",
    );
    expect(words.onDragOver({ active: at("intro"), over: at("intro") })).toBe(
      "Title and text: Position 3 of 3 in the form.",
    );
    expect(words.onDragEnd({ active: at("q-diet"), over: at(groupEndId("g")) })).toBe(
      "diet dropped. Position 3 of 4 in the form.",
    );
    expect(words.onDragCancel({ active: at("intro") })).toBe("Move cancelled: Title and text is back in its place.");
  });

  it("says why an item cannot go where it is, in the rules' words and the page's language", () => {
    expect(dragAnnouncements(ITEMS, context).onDragOver({ active: at("q-workshop"), over: at("g") })).toBe(
      "Workshop cannot go there: A question cannot be in a group that it conditions.",
    );
    const french = dragAnnouncements(ITEMS, { ...context, t: fr.getFixedT("fr", "web"), language: "fr" });
    expect(french.onDragEnd({ active: at("q-workshop"), over: at("g") })).toBe(
      "Workshop ne peut pas aller là : Une question ne peut pas être dans un groupe qu'elle conditionne.",
    );
  });
});
