import { CHOICE_TYPES, type CustomFieldOption, type CustomFieldType } from "@tessera/shared/rules/customFields";
import type { FormGroupCondition, FormItem } from "@tessera/shared/rules/forms";
import type { TFunction } from "i18next";

/** What the builder reads of a custom field of the event (CustomFieldJson has it). */
export interface BuilderFieldInfo {
  name: string;
  label: string;
  type: CustomFieldType;
  options: readonly CustomFieldOption[];
}

export type FieldsById = ReadonlyMap<string, BuilderFieldInfo>;

/** How the builder names a custom field: its label, else its name. */
export const fieldLabel = (field: BuilderFieldInfo) => field.label.trim() || field.name;

/**
 * The questions a group may be conditioned by: the choice questions placed before it (in the form or in an
 * earlier group), in their order. The one it is conditioned by now stays offered even once moved after it,
 * so the select still shows what the group holds (the linter warns about it).
 */
export function conditionQuestions(
  items: readonly FormItem[],
  groupId: string,
  fields: FieldsById,
): { fieldId: string; label: string }[] {
  const found: { fieldId: string; label: string }[] = [];
  const offer = (item: FormItem) => {
    if (item.kind !== "question") return;
    const field = fields.get(item.fieldId);
    if (field && CHOICE_TYPES.includes(field.type)) found.push({ fieldId: item.fieldId, label: fieldLabel(field) });
  };
  let current: FormGroupCondition | null = null;
  for (const item of items) {
    if (item.id === groupId && item.kind === "group") {
      current = item.condition;
      break;
    }
    if (item.kind === "group") item.items.forEach(offer);
    else offer(item);
  }
  const chosen = current?.fieldId ? fields.get(current.fieldId) : undefined;
  if (current?.fieldId && chosen && !found.some((question) => question.fieldId === current.fieldId)) {
    found.push({ fieldId: current.fieldId, label: fieldLabel(chosen) });
  }
  return found;
}

/** "A, B or C" in the language's own words (Intl's disjunction list). */
export function orList(values: readonly string[], language: string): string {
  return new Intl.ListFormat(language, { type: "disjunction" }).format(values);
}

/**
 * A group's rule in words: "Shown when Workshop is Morning or Afternoon" ("includes" for a question with
 * several answers), or what is missing before it has one.
 */
export function groupRuleInWords(
  condition: FormGroupCondition,
  fields: FieldsById,
  t: TFunction<"web">,
  language: string,
): string {
  if (!condition.fieldId) return t("forms.builder.group.ruleNoQuestion");
  const field = fields.get(condition.fieldId);
  const question = field ? fieldLabel(field) : t("forms.builder.group.deletedQuestion");
  if (!condition.answers.length) return t("forms.builder.group.ruleNoAnswer", { question });
  const answers = orList(
    condition.answers.map(
      (id) => field?.options.find((option) => option.id === id)?.label ?? t("forms.builder.group.deletedAnswer"),
    ),
    language,
  );
  return field?.type === "multiple_choice"
    ? t("forms.builder.group.ruleIncludes", { question, answers })
    : t("forms.builder.group.ruleIs", { question, answers });
}
