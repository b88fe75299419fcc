import { CHOICE_TYPES } from "./customFields.ts";
import type { BuilderField } from "./formBuilder.ts";
import { walkFormItems, type FormItem } from "./forms.ts";

/** Something in a form that works against what its author meant, shown in the builder (not refused). */
export interface FormWarning {
  /** A dotted path into the form, as the builder's issues. */
  field: string;
  code: "unreachable_question" | "required_unanswerable" | "condition_after_group";
}

/**
 * The builder's linter (issue 11): a question nobody can reach (its group's condition names only answers
 * that are full, or none the question has), a required question nobody can answer (every answer full), a
 * group conditioned by a question placed after it. `fullOptions` holds `fieldId:optionId` of the answers
 * whose quota is filled.
 */
export function lintForm(
  items: readonly FormItem[],
  fields: ReadonlyMap<string, BuilderField>,
  fullOptions: ReadonlySet<string> = new Set(),
): FormWarning[] {
  const warnings: FormWarning[] = [];
  const order = [...walkFormItems(items)];
  const positionOf = new Map<string, number>();
  order.forEach(({ item }, index) => {
    if (item.kind === "question" && !positionOf.has(item.fieldId)) positionOf.set(item.fieldId, index);
  });
  const open = (fieldId: string, optionId: string) => !fullOptions.has(`${fieldId}:${optionId}`);

  order.forEach(({ item, path, group }, index) => {
    if (item.kind === "group" && !group && item.condition.fieldId) {
      const at = positionOf.get(item.condition.fieldId);
      if (at !== undefined && at > index)
        warnings.push({ field: `${path}.condition.fieldId`, code: "condition_after_group" });
      return;
    }
    if (item.kind !== "question") return;
    const field = fields.get(item.fieldId);
    if (group?.condition.fieldId) {
      const conditioned = fields.get(group.condition.fieldId);
      const reachable = group.condition.answers.some(
        (answer) =>
          conditioned?.options.some((option) => option.id === answer) && open(group.condition.fieldId!, answer),
      );
      if (!reachable) warnings.push({ field: `${path}.fieldId`, code: "unreachable_question" });
    }
    if (field?.isRequired && CHOICE_TYPES.includes(field.type) && field.options.length) {
      if (field.options.every((option) => !open(item.fieldId, option.id))) {
        warnings.push({ field: `${path}.fieldId`, code: "required_unanswerable" });
      }
    }
  });
  return warnings;
}
