import { CHOICE_TYPES, type CustomFieldOption, type CustomFieldType } from "./customFields.ts";
import { walkFormItems, type FormItem, type FormItemKind, type FormType } from "./forms.ts";

/** What the builder needs to know of a custom field of the event. */
export interface BuilderField {
  label: string;
  type: CustomFieldType;
  options: readonly CustomFieldOption[];
  isRequired: boolean;
  isReadOnly: boolean;
}

/** One rule the form breaks: where (a dotted path into the form) and the message code (validation.json). */
export interface BuilderIssue {
  field: string;
  code: string;
}

/** Items a kind of form may hold besides questions, text and groups. */
const ALLOWED_EXTRAS: Record<FormType, readonly FormItemKind[]> = {
  registration: ["recommendations", "participation", "companions"],
  survey: [],
  companion: ["participation"],
};
/** Items a form holds once at most. */
const ONCE: readonly FormItemKind[] = ["participation", "companions", "recommendations"];

/**
 * The rules of the form builder (spec §5 Forms), the same in the builder and on the server: a title and
 * at least one item; each question a title, a choice question at least one answer, each answer a title,
 * not both required and read-only; a conditional block a selected question, an answer and at least one
 * item, conditioned by a choice question of the form placed outside it; no group inside a group; a
 * question once per form.
 */
export function checkFormBuilder(
  form: { type: FormType; title: string; items: readonly FormItem[] },
  fields: ReadonlyMap<string, BuilderField>,
): BuilderIssue[] {
  const issues: BuilderIssue[] = [];
  const issue = (field: string, code: string) => issues.push({ field, code });
  if (!form.title.trim()) issue("title", "title_required");
  if (!form.items.length) issue("items", "at_least_one_item");

  const placed = new Map<string, { path: string; group: string | null }>();
  const seenKinds = new Set<FormItemKind>();
  for (const { item, path, group } of walkFormItems(form.items)) {
    if (item.kind === "question") {
      const field = fields.get(item.fieldId);
      if (!field) issue(`${path}.fieldId`, "field_not_in_event");
      else checkQuestion(field, path, issue);
      if (placed.has(item.fieldId)) issue(`${path}.fieldId`, "question_twice");
      else placed.set(item.fieldId, { path, group: group?.id ?? null });
      continue;
    }
    if (item.kind !== "group" && item.kind !== "text" && !ALLOWED_EXTRAS[form.type].includes(item.kind)) {
      issue(path, "item_not_in_type");
    }
    if (ONCE.includes(item.kind)) {
      if (seenKinds.has(item.kind)) issue(path, "item_once");
      seenKinds.add(item.kind);
    }
    if (item.kind === "group") {
      if (group) issue(path, "group_in_group");
      else if (!item.items.length) issue(`${path}.items`, "bloc_empty");
    } else if (!item.title.trim()) {
      issue(`${path}.title`, "title_required");
    }
  }

  for (const { item, path, group } of walkFormItems(form.items)) {
    if (item.kind !== "group" || group) continue;
    const { fieldId, answers } = item.condition;
    if (!fieldId) {
      issue(`${path}.condition.fieldId`, "select_question");
      continue;
    }
    const field = fields.get(fieldId);
    const where = placed.get(fieldId);
    if (!field || !where) issue(`${path}.condition.fieldId`, "question_not_in_form");
    else if (where.group === item.id) issue(`${path}.condition.fieldId`, "group_conditioned_by_itself");
    else if (!CHOICE_TYPES.includes(field.type)) issue(`${path}.condition.fieldId`, "invalid_value");
    if (!answers.length) issue(`${path}.condition.answers`, "answer_required");
    else if (field && answers.some((answer) => !field.options.some((option) => option.id === answer))) {
      issue(`${path}.condition.answers`, "invalid_value");
    }
  }
  return issues;
}

function checkQuestion(field: BuilderField, path: string, issue: (field: string, code: string) => void): void {
  if (!field.label.trim()) issue(`${path}.fieldId`, "question_title_required");
  if (field.isRequired && field.isReadOnly) issue(`${path}.fieldId`, "required_read_only_exclusive");
  if (!CHOICE_TYPES.includes(field.type)) return;
  if (!field.options.length) issue(`${path}.fieldId`, "answer_per_question");
  if (field.options.some((option) => !option.label.trim())) issue(`${path}.fieldId`, "option_title_required");
}
