import {
  EBADGE_GUEST_FIELDS,
  type EbadgeBlockType,
  type EbadgeFormat,
  type EbadgeOrientation,
} from "@tessera/shared/rules/ebadges";
import type { TFunction } from "i18next";
import type { EbadgeBlockJson } from "@/queries/ebadges.ts";

/** An event's question as a guest field block may show it (`cf:<id>`). */
export interface QuestionRef {
  id: string;
  label: string;
  name: string;
}

type T = TFunction<"web">;

/** "A6 portrait". */
export function pageLabel(t: T, format: EbadgeFormat, orientation: EbadgeOrientation): string {
  return t("ebadges.pageLabel", {
    format: t(`ebadges.formats.${format}`),
    orientation: t(`ebadges.orientationWords.${orientation}`),
  });
}

export function blockTypeLabel(t: T, type: EbadgeBlockType): string {
  return t(`ebadges.blockTypes.${type}`);
}

/** The choices of a guest field block: the guest's own fields, then the event's questions. */
export function guestFieldChoices(t: T, questions: readonly QuestionRef[]) {
  return [
    {
      group: t("ebadges.editor.guestFieldsGroup"),
      items: EBADGE_GUEST_FIELDS.map((field) => ({ value: field, label: t(`ebadges.guestFields.${field}`) })),
    },
    {
      group: t("ebadges.editor.questionsGroup"),
      items: questions.map((question) => ({ value: `cf:${question.id}`, label: question.label || question.name })),
    },
  ].filter((section) => section.items.length > 0);
}

/** A guest field's name: "Full name", a question's label, or the field as stored when unknown. */
export function guestFieldLabel(t: T, field: string | undefined, questions: readonly QuestionRef[]): string {
  if (!field) return t("ebadges.guestFields.none");
  if ((EBADGE_GUEST_FIELDS as readonly string[]).includes(field))
    return t(`ebadges.guestFields.${field}` as "ebadges.guestFields.fullName");
  const question = questions.find((candidate) => `cf:${candidate.id}` === field);
  return question ? question.label || question.name : field;
}

/**
 * What a block is called on the canvas and to screen readers: "Guest field: Full name", "Text: Welcome",
 * "Event name: Gala". It holds the words the block shows, so that its name says what is seen.
 */
export function blockName(t: T, block: EbadgeBlockJson, questions: readonly QuestionRef[], eventName: string): string {
  const type = blockTypeLabel(t, block.type);
  if (block.type === "guestField") return `${type}: ${guestFieldLabel(t, block.field, questions)}`;
  if (block.type === "text" && block.text?.trim()) return `${type}: ${block.text.trim()}`;
  if (block.type === "eventName") return `${type}: ${eventName}`;
  return type;
}
