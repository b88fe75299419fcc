import { validateFieldDefinition, type AnswerIssue } from "@tessera/shared/rules/customFieldRules";
import { CHOICE_TYPES, CUSTOM_FIELD_NAME_MAX, type CustomFieldType } from "@tessera/shared/rules/customFields";
import type { WebTFunction } from "@/app/errorMessage.ts";
import type { CustomFieldCreateBody, CustomFieldJson } from "@/queries/customFields.ts";
import { ruleMessage } from "../detail/guestForm.ts";

export interface OptionRow {
  id?: string;
  label: string;
  quota: number | string;
}

/** The custom field form as typed (numbers may be empty). */
export interface CustomFieldFormValues {
  label: string;
  name: string;
  helpText: string;
  type: CustomFieldType;
  isRequired: boolean;
  isReadOnly: boolean;
  options: OptionRow[];
  min: number | string;
  max: number | string;
  exact: number | string;
  noNegative: boolean;
  maxRating: number | string;
}

const num = (value: number | string | null | undefined) =>
  value === "" || value === null || value === undefined ? null : Number(value);

export function initialFieldValues(field: CustomFieldJson | null): CustomFieldFormValues {
  return {
    label: field?.label ?? "",
    name: field?.name ?? "",
    helpText: field?.helpText ?? "",
    type: field?.type ?? "short_text",
    isRequired: field?.isRequired ?? false,
    isReadOnly: field?.isReadOnly ?? false,
    options: field?.options.map((option) => ({ id: option.id, label: option.label, quota: option.quota ?? "" })) ?? [
      { label: "", quota: "" },
    ],
    min: field?.rules.min ?? "",
    max: field?.rules.max ?? "",
    exact: field?.rules.exact ?? "",
    noNegative: field?.rules.noNegative ?? false,
    maxRating: field?.rules.maxRating ?? 5,
  };
}

function rulesOf(values: CustomFieldFormValues) {
  if (values.type === "number") return { min: num(values.min), max: num(values.max), noNegative: values.noNegative };
  if (values.type === "multiple_choice")
    return { min: num(values.min), max: num(values.max), exact: num(values.exact) };
  if (values.type === "rating") return { maxRating: Number(values.maxRating) || 5 };
  return {};
}

/** The definition the API is sent (and the shared rules check): the rules and options of the type only. */
export function fieldBody(values: CustomFieldFormValues): CustomFieldCreateBody {
  return {
    label: values.label.trim(),
    name: values.name.trim(),
    helpText: values.helpText.trim() || null,
    type: values.type,
    isRequired: values.isRequired,
    isReadOnly: values.isReadOnly,
    rules: rulesOf(values),
    ...(CHOICE_TYPES.includes(values.type)
      ? {
          options: values.options.map((option) => ({
            ...(option.id ? { id: option.id } : {}),
            label: option.label.trim(),
            quota: num(option.quota),
          })),
        }
      : {}),
  };
}

/** Where the form shows a problem of the definition: `rules.max` under the max input, the others as named. */
export function formPathOf(field: string): string {
  return field.startsWith("rules.") ? field.slice("rules.".length) : field;
}

/** The problems as the form's errors, each message from the validation catalogue. */
export function fieldErrors(
  issues: readonly Pick<AnswerIssue, "field" | "code" | "params">[],
  t: WebTFunction,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[formPathOf(issue.field)] ??= ruleMessage(t, issue.code, issue.params);
  return errors;
}

/** The form's validator: the shared rules of a field definition (the API applies the same). */
export function validateFieldForm(t: WebTFunction) {
  return (values: CustomFieldFormValues) => fieldErrors(validateFieldDefinition(fieldBody(values)), t);
}

/** A technical name from a label: lowercase, accents and spaces removed. */
export function slugName(label: string): string {
  return label
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, CUSTOM_FIELD_NAME_MAX);
}
