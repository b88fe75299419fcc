import { formatDateTime } from "@/app/formatDate.ts";
import { isRecord } from "@tessera/shared/records";
import type { TFunction } from "i18next";
import type { CustomFieldCatalogue } from "./historyCustomFields.ts";

/** The names of the users and teams access grants point at, by id. */
export interface AccessNames {
  users: ReadonlyMap<string, string>;
  teams: ReadonlyMap<string, string>;
}

export interface HistoryValueContext {
  t: TFunction<"web">;
  language: string;
  /** The event's time zone: its timestamps are read there, as its forms type them. */
  timeZone: string;
  names: AccessNames;
  /** The custom fields the history knows (the event's, and deleted ones its entries describe), by id. */
  fields: CustomFieldCatalogue;
  /** The names the entry itself carries for the ids of its values (its metadata), by id. */
  entryNames?: Readonly<Record<string, string>>;
}

/** A value as the history shows it: words, or the image an image field pointed at. */
export type HistoryValue = { text: string } | { imageUrl: string };

export const NONE = "—";

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK_TIME = /^(\d{2}):(\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "";
}

/** A UTC instant as read in the event's time zone, in the reader's words. */
export function formatTimestamp(value: string, { language, timeZone }: HistoryValueContext): string {
  return formatDateTime(value, language, timeZone);
}

/** A calendar day (YYYY-MM-DD: no zone, the same day everywhere) in the reader's words. */
export function formatPlainDate(value: string, { language }: HistoryValueContext): string {
  const date = new Date(`${value}T00:00:00Z`);
  if (!ISO_DATE.test(value) || Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

/** A time of day (HH:mm) as the reader's clock shows it. */
export function formatClockTime(value: string, { language }: HistoryValueContext): string {
  const match = CLOCK_TIME.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])));
  return new Intl.DateTimeFormat(language, { timeStyle: "short", timeZone: "UTC" }).format(date);
}

export function formatNumber(value: number, { language }: HistoryValueContext): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 15 }).format(value);
}

export function yesNo(value: boolean, { t }: HistoryValueContext): string {
  return value ? t("common.yes") : t("common.no");
}

/** The name of a record an entry points at: the entry's own names first, then the account's users and teams. */
export function nameOfId(id: string, ctx: HistoryValueContext): string | null {
  const fromEntry = ctx.entryNames?.[id];
  if (fromEntry) return fromEntry;
  return ctx.names.users.get(id) ?? ctx.names.teams.get(id) ?? null;
}

/**
 * A value of a field the history has no rule for, still in words: dates and instants formatted, ids named
 * (or said to be gone), lists joined, a file by its name. Never an id, an ISO text or JSON.
 */
export function formatLooseValue(value: unknown, ctx: HistoryValueContext): string {
  if (isEmpty(value)) return NONE;
  if (typeof value === "boolean") return yesNo(value, ctx);
  if (typeof value === "number") return formatNumber(value, ctx);
  if (typeof value === "string") {
    if (ISO_TIMESTAMP.test(value)) return formatTimestamp(value, ctx);
    if (ISO_DATE.test(value)) return formatPlainDate(value, ctx);
    if (UUID.test(value)) return nameOfId(value, ctx) ?? ctx.t("history.unknown.record");
    return value;
  }
  if (Array.isArray(value)) return value.length ? value.map((item) => formatLooseValue(item, ctx)).join(", ") : NONE;
  if (isRecord(value)) {
    if (typeof value.name === "string") return value.name;
    const parts = Object.values(value).filter((item) => !isEmpty(item));
    return parts.length ? parts.map((item) => formatLooseValue(item, ctx)).join(", ") : NONE;
  }
  return NONE;
}
