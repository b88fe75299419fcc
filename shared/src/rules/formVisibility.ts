import { evaluate } from "../conditions/evaluate.ts";
import { walkFormItems, type FormGroupCondition, type FormItem } from "./forms.ts";

/**
 * Whether a guest's answers meet a group's condition: their answer to its question includes one of its
 * answers, as the condition engine judges it (shared/src/conditions).
 */
export function groupConditionMet(condition: FormGroupCondition, answers: Readonly<Record<string, unknown>>): boolean {
  if (!condition.fieldId) return false;
  return evaluate({ field: condition.fieldId, op: "includes", value: condition.answers }, { answers });
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
