import type { FormItem } from "@tessera/shared/rules/forms";
import type { TFunction } from "i18next";
import { findItem, moveItem, placeOf } from "./formTree.ts";
import { fieldLabel, groupRuleInWords, type FieldsById } from "./groupRule.ts";

/** What the builder and its announcements call an item: its question's label, its title, or its kind. */
export function itemName(item: FormItem | undefined, fields: FieldsById, t: TFunction<"web">): string {
  if (!item) return "";
  if (item.kind === "question") {
    const field = fields.get(item.fieldId);
    return field ? fieldLabel(field) : t("forms.builder.question.deleted");
  }
  if (item.kind === "group") return t("forms.builder.kinds.group");
  return item.title.trim() || t(`forms.builder.kinds.${item.kind}`);
}

export interface DragWordsContext {
  fields: FieldsById;
  t: TFunction<"web">;
  language: string;
}

/** "Position 2 of 3 in the form." or "Position 1 of 2 in the group: Shown when Workshop is Morning." */
export function placeInWords(items: readonly FormItem[], id: string, { fields, t, language }: DragWordsContext) {
  const place = placeOf(items, id);
  if (!place) return "";
  const { group, position, count } = place;
  return group
    ? t("forms.builder.dnd.placeInGroup", {
        position,
        count,
        rule: groupRuleInWords(group.condition, fields, t, language),
      })
    : t("forms.builder.dnd.placeInForm", { position, count });
}

/** What the announcements remember of the move under way (kept by the caller across renders). */
export interface DragSession {
  /** The item has left its place once: coming back to it is news, the first "over itself" is not. */
  hasMoved: boolean;
}

/**
 * What a screen reader hears while an item is moved (dnd-kit's announcements): the item picked up and
 * where it is, where it would land (or why it cannot), where it was dropped, or that the move was cancelled.
 */
export function dragAnnouncements(
  items: readonly FormItem[],
  context: DragWordsContext,
  session: DragSession = { hasMoved: false },
) {
  const { t } = context;
  const name = (id: string) => itemName(findItem(items, id), context.fields, t);
  const landing = (activeId: string, overId: string) => {
    const outcome = moveItem(items, activeId, overId);
    return "refused" in outcome
      ? { refused: t(outcome.refused, { ns: "validation" }) }
      : { place: placeInWords(outcome.items, activeId, context) };
  };
  return {
    onDragStart: ({ active }: { active: { id: string | number } }) => {
      session.hasMoved = false;
      return t("forms.builder.dnd.picked", {
        name: name(String(active.id)),
        place: placeInWords(items, String(active.id), context),
      });
    },
    onDragOver: ({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }) => {
      // dnd-kit says the item is over itself as it is picked up: "Picked up …" says it already.
      if (over?.id === active.id && !session.hasMoved) return undefined;
      session.hasMoved = true;
      if (!over) return t("forms.builder.dnd.nowhere", { name: name(String(active.id)) });
      const where = landing(String(active.id), String(over.id));
      return where.refused
        ? t("forms.builder.dnd.refused", { name: name(String(active.id)), reason: where.refused })
        : t("forms.builder.dnd.over", { name: name(String(active.id)), place: where.place });
    },
    onDragEnd: ({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }) => {
      if (!over) return t("forms.builder.dnd.cancelled", { name: name(String(active.id)) });
      const where = landing(String(active.id), String(over.id));
      return where.refused
        ? t("forms.builder.dnd.refused", { name: name(String(active.id)), reason: where.refused })
        : t("forms.builder.dnd.dropped", { name: name(String(active.id)), place: where.place });
    },
    onDragCancel: ({ active }: { active: { id: string | number } }) =>
      t("forms.builder.dnd.cancelled", { name: name(String(active.id)) }),
  };
}
