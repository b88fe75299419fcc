import type { CustomFieldJson } from "@/queries/customFields.ts";

/** An ISO date (YYYY-MM-DD) as typed in the forms (dd/mm/yyyy). */
export function isoToTypedDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

function optionLabel(field: CustomFieldJson, id: unknown): string {
  return field.options.find((option) => option.id === id)?.label ?? String(id);
}

/** A stored answer as text for the list and exports on screen. */
export function formatAnswer(field: CustomFieldJson, value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  switch (field.type) {
    case "unique_choice":
    case "dropdown":
      return optionLabel(field, value);
    case "multiple_choice":
      return Array.isArray(value) ? value.map((id) => optionLabel(field, id)).join(", ") : String(value);
    case "date":
      return isoToTypedDate(String(value));
    case "file":
      return typeof value === "object" && value && "name" in value ? String((value as { name: unknown }).name) : "";
    case "rating":
      return `${String(value)} / ${field.rules.maxRating ?? 5}`;
    default:
      return String(value);
  }
}

/** What a form input starts with for a stored answer (choices by option id, dates as typed). */
export function answerToInput(field: CustomFieldJson, value: unknown): string | string[] | number | null {
  if (value === null || value === undefined) return field.type === "multiple_choice" ? [] : null;
  if (field.type === "multiple_choice") return Array.isArray(value) ? value.map(String) : [String(value)];
  if (field.type === "date") return isoToTypedDate(String(value));
  if (field.type === "rating") return Number(value);
  if (field.type === "file") return null;
  return String(value);
}
