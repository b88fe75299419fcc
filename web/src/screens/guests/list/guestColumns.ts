import { GUEST_FIELDS, type GuestField } from "@tessera/shared/rules/guests";
import type { WebTFunction } from "@/app/errorMessage.ts";
import type { VirtualColumn } from "@/components/table/VirtualTable.tsx";
import type { CustomFieldJson } from "@/queries/customFields.ts";
import type { GuestJson } from "@/queries/guests.ts";
import { formatAnswer } from "../customFieldValues.ts";

/** A column of the guest list: a built-in field, or a custom field as `cf:<id>` (its id is also its sort key). */
export type GuestColumn = VirtualColumn<GuestJson>;

/** In the order of the full list, so that choosing more columns does not reorder these. */
export const DEFAULT_COLUMNS = ["firstName", "lastName", "email", "company", "status", "mailStatus"];

const WIDTHS: Partial<Record<GuestField, number>> = {
  email: 240,
  companionsExpected: 120,
  civility: 100,
  language: 100,
};

const DATE_FIELDS = new Set<GuestField>(["registeredAt", "createdAt", "updatedAt"]);

function builtInValue(guest: GuestJson, field: GuestField, t: WebTFunction, formatDate: (iso: string) => string) {
  const value = (guest as Record<string, unknown>)[field];
  if (value === null || value === undefined || value === "") return "";
  if (field === "status") return t(`guests.status.${guest.status}`);
  if (field === "mailStatus") return t(`guests.mailStatus.${guest.mailStatus}`);
  if (field === "createdSource") return t(`guests.source.${guest.createdSource}`);
  if (field === "civility" && guest.civility) return t(`guests.civility.${guest.civility}`);
  if (DATE_FIELDS.has(field)) return formatDate(String(value));
  return String(value);
}

/** Every column the chooser offers: the built-in fields, then the event's custom fields. */
export function allColumns(
  fields: readonly CustomFieldJson[],
  t: WebTFunction,
  formatDate: (iso: string) => string,
): GuestColumn[] {
  return [
    ...GUEST_FIELDS.map((field) => ({
      id: field,
      header: t(`guests.fields.${field}`),
      size: WIDTHS[field] ?? 160,
      value: (guest: GuestJson) => builtInValue(guest, field, t, formatDate),
    })),
    ...fields.map((field) => ({
      id: `cf:${field.id}`,
      header: field.label || field.name,
      size: 170,
      value: (guest: GuestJson) => formatAnswer(field, guest.answers?.[field.id]),
    })),
  ];
}

const storageKey = (eventId: string) => `tessera.guests.columns.${eventId}`;

/** The columns chosen for an event on this browser. */
export function readChosenColumns(eventId: string): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(storageKey(eventId)) ?? "null");
    if (Array.isArray(stored) && stored.every((key) => typeof key === "string") && stored.length) return stored;
  } catch {
    // A broken stored value falls back to the defaults.
  }
  return DEFAULT_COLUMNS;
}

export function saveChosenColumns(eventId: string, keys: string[]): void {
  try {
    window.localStorage.setItem(storageKey(eventId), JSON.stringify(keys));
  } catch {
    // Private browsing may refuse storage: the choice then lasts for this page only.
  }
}
