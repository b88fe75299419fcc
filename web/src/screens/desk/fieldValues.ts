import type { TFunction } from "i18next";
import { formatDateTime } from "@/app/formatDate.ts";

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export interface FieldValueContext {
  t: TFunction<"web">;
  language: string;
  timeZone?: string;
  /** A choice answer's label, when known. */
  optionLabel?: (fieldId: string, value: string) => string | undefined;
}

/** A displayed field's value as the desk reads it out: a status or a civility in words, a date in the language. */
export function fieldValueText(fieldId: string, value: unknown, context: FieldValueContext): string {
  const { t, language } = context;
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.map((item) => fieldValueText(fieldId, item, context)).join(", ");
  if (typeof value === "boolean") return value ? t("common.yes") : t("common.no");
  if (typeof value === "number") return new Intl.NumberFormat(language).format(value);
  if (typeof value === "object") {
    // A file answer: its name.
    const name = (value as { name?: unknown }).name;
    return typeof name === "string" ? name : "—";
  }
  const text = String(value);
  switch (fieldId) {
    case "status":
      return t(`guests.status.${text}` as "guests.status.confirmed", { defaultValue: text });
    case "mailStatus":
      return t(`guests.mailStatus.${text}` as "guests.mailStatus.sent", { defaultValue: text });
    case "civility":
      return t(`guests.civility.${text}` as "guests.civility.mr", { defaultValue: text });
    case "language":
      return t(`languages.${text}` as "languages.en", { defaultValue: text });
    default:
      if (TIMESTAMP.test(text)) return formatDateTime(text, language, context.timeZone);
      return context.optionLabel?.(fieldId, text) ?? text;
  }
}

/** The guest's name from their displayed fields, when the session shows it. */
export function guestName(fields: Record<string, unknown>): string | null {
  const name = [fields.firstName, fields.lastName].filter((part) => typeof part === "string" && part.trim()).join(" ");
  return name || null;
}
