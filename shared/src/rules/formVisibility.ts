import { walkFormItems, type FormGroupCondition, type FormItem } from "./forms.ts";

/** Whether a guest's answers meet a group's condition: their answer to its question is one of its answers. */
export function groupConditionMet(condition: FormGroupCondition, answers: Readonly<Record<string, unknown>>): boolean {
  if (!condition.fieldId) return false;
  const answer = answers[condition.fieldId];
  const chosen = Array.isArray(answer) ? answer : [answer];
  return chosen.some((value) => typeof value === "string" && condition.answers.includes(value));
}

/**
 * The questions (custom field ids) a guest is shown with these answers: those outside groups, and those of
 * the groups whose condition the answers meet. The browser shows these and the server keeps answers to
 * these only, so both decide alike.
 */
export function shownFieldIds(items: readonly FormItem[], answers: Readonly<Record<string, unknown>>): Set<string> {
  const shown = new Set<string>();
  for (const { item, group } of walkFormItems(items)) {
    if (item.kind !== "question") continue;
    if (!group || groupConditionMet(group.condition, answers)) shown.add(item.fieldId);
  }
  return shown;
}
