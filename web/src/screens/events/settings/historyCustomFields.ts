import { isRecord } from "@tessera/shared/records";
import { CUSTOM_FIELD_TYPES, type CustomFieldType } from "@tessera/shared/rules/customFields";
import type { AuditLogJson } from "@/queries/auditLogs.ts";
import type { CustomFieldJson } from "@/queries/customFields.ts";
import {
  formatClockTime,
  formatLooseValue,
  formatNumber,
  formatPlainDate,
  isEmpty,
  NONE,
  type HistoryValueContext,
} from "./historyFormat.ts";

/** What the history needs of a custom field to name it and read its answers. */
export interface HistoryCustomField {
  label: string;
  type: CustomFieldType;
  options: ReadonlyArray<{ id: string; label: string }>;
  maxRating?: number;
}

export type CustomFieldCatalogue = ReadonlyMap<string, HistoryCustomField>;

const TYPES: ReadonlySet<string> = new Set(CUSTOM_FIELD_TYPES);

function isFieldType(value: unknown): value is CustomFieldType {
  return typeof value === "string" && TYPES.has(value);
}

/** A custom field as an entry's snapshot describes it (created, changed or deleted), if it is one. */
export function fieldOfSnapshot(snapshot: unknown): (HistoryCustomField & { id: string }) | null {
  if (!isRecord(snapshot) || typeof snapshot.id !== "string" || typeof snapshot.label !== "string") return null;
  if (!isFieldType(snapshot.type)) return null;
  const options = Array.isArray(snapshot.options)
    ? snapshot.options.filter(
        (option): option is { id: string; label: string } =>
          isRecord(option) && typeof option.id === "string" && typeof option.label === "string",
      )
    : [];
  const rules = isRecord(snapshot.rules) ? snapshot.rules : {};
  const maxRating = typeof rules.maxRating === "number" ? rules.maxRating : undefined;
  return { id: snapshot.id, label: snapshot.label, type: snapshot.type, options, maxRating };
}

/**
 * The custom fields the history can name: the event's own, and those its entries describe (a field
 * deleted since is known by its last snapshot on the page). The event's current definition wins.
 */
export function customFieldCatalogue(
  current: readonly CustomFieldJson[],
  entries: readonly AuditLogJson[],
): CustomFieldCatalogue {
  const catalogue = new Map<string, HistoryCustomField>();
  // Newest first: the first snapshot met of a field is its latest.
  for (const entry of entries) {
    if (!entry.action.startsWith("custom_field.")) continue;
    const field = fieldOfSnapshot(entry.after) ?? fieldOfSnapshot(entry.before);
    if (field && !catalogue.has(field.id)) catalogue.set(field.id, field);
  }
  for (const field of current) {
    catalogue.set(field.id, {
      label: field.label,
      type: field.type,
      options: field.options,
      maxRating: field.rules.maxRating,
    });
  }
  return catalogue;
}

/** The label of a custom field by id (else as the entry named it); a field no longer known is "a deleted field". */
export function customFieldLabel(id: string, ctx: HistoryValueContext): string {
  return ctx.fields.get(id)?.label ?? ctx.entryNames?.[id] ?? ctx.t("history.unknown.field");
}

function optionLabel(field: HistoryCustomField, id: unknown, ctx: HistoryValueContext): string {
  return field.options.find((option) => option.id === id)?.label ?? ctx.t("history.unknown.option");
}

/** An answer to a custom field as the guest screens show it: choices by their label, dates and times read. */
export function formatAnswerValue(fieldId: string, value: unknown, ctx: HistoryValueContext): string {
  if (isEmpty(value) || (Array.isArray(value) && value.length === 0)) return NONE;
  const field = ctx.fields.get(fieldId);
  if (!field) return formatLooseValue(value, ctx);
  switch (field.type) {
    case "unique_choice":
    case "dropdown":
      return optionLabel(field, value, ctx);
    case "multiple_choice":
      return (Array.isArray(value) ? value : [value]).map((id) => optionLabel(field, id, ctx)).join(", ");
    case "date":
      return typeof value === "string" ? formatPlainDate(value, ctx) : formatLooseValue(value, ctx);
    case "time":
      return typeof value === "string" ? formatClockTime(value, ctx) : formatLooseValue(value, ctx);
    case "rating":
      return typeof value === "number" ? `${formatNumber(value, ctx)} / ${field.maxRating ?? 5}` : NONE;
    default:
      return formatLooseValue(value, ctx);
  }
}

/** A value of a custom field's definition (its type, answers, rules) in the words of its edit dialog. */
export function formatDefinitionValue(field: string, value: unknown, ctx: HistoryValueContext): string {
  const { t } = ctx;
  if (field === "type" && isFieldType(value)) return t(`guests.customFieldTypes.${value}`);
  // The order of the fields (a reordering's value): their labels, in that order.
  if (field === "position" && Array.isArray(value))
    return value.map((id) => (typeof id === "string" ? customFieldLabel(id, ctx) : NONE)).join(", ");
  if (field === "options" && Array.isArray(value)) {
    const labels = value.map((option) => (isRecord(option) && typeof option.label === "string" ? option.label : ""));
    return labels.filter(Boolean).join(", ") || NONE;
  }
  return formatLooseValue(value, ctx);
}
