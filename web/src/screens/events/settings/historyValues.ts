import type { TFunction } from "i18next";
import { isLanguage } from "@tessera/shared/i18n/languages";
import { EVENT_MODULES, SOCIAL_NETWORKS, WHITE_LABEL_FLAGS } from "@tessera/shared/rules/events";
import { NETWORK_NAMES } from "./socialNetworks.ts";

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
}

/** A value as the history shows it: words, or the image an image field pointed at. */
export type HistoryValue = { text: string } | { imageUrl: string };

const NONE = "—";
const TIMESTAMP_FIELDS = new Set(["startsAt", "endsAt", "registrationClosesAt", "archivedAt"]);
const IMAGE_FIELDS = new Set(["bannerImageId", "logoImageId", "faviconImageId"]);

/** Public bytes of an image (API contract: GET /media/images/:id, outside /api). */
const imageUrl = (id: string) => `/media/images/${encodeURIComponent(id)}`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function formatTimestamp(value: string, { language, timeZone }: HistoryValueContext): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short", timeZone };
  try {
    return new Intl.DateTimeFormat(language, options).format(date);
  } catch {
    // A zone this browser does not know: UTC, said as such.
    return `${new Intl.DateTimeFormat(language, { ...options, timeZone: "UTC" }).format(date)} UTC`;
  }
}

function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: "region", fallback: "code" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The names of the flags set to true, in the order of the list that defines them. */
function enabledFlags<T extends string>(
  value: Record<string, unknown>,
  flags: readonly T[],
  name: (flag: T) => string,
): string {
  const enabled = flags.filter((flag) => value[flag] === true).map(name);
  return enabled.length ? enabled.join(", ") : NONE;
}

function formatObject(field: string, value: Record<string, unknown>, ctx: HistoryValueContext): string {
  const { t } = ctx;
  switch (field) {
    case "modules":
      return enabledFlags(value, EVENT_MODULES, (module) => t(`admin.moduleNames.${module}`));
    case "whiteLabel":
      return enabledFlags(value, WHITE_LABEL_FLAGS, (flag) => t(`admin.whiteLabelFlags.${flag}`));
    case "socialLinks": {
      const links = SOCIAL_NETWORKS.filter((network) => typeof value[network] === "string" && value[network]).map(
        (network) => `${NETWORK_NAMES[network]}: ${String(value[network])}`,
      );
      return links.length ? links.join(", ") : NONE;
    }
    default:
      return JSON.stringify(value);
  }
}

function formatList(field: string, values: unknown[], ctx: HistoryValueContext): string {
  if (values.length === 0) return NONE;
  const words = values.map((item) => {
    if (field === "languages" && isLanguage(item)) return ctx.t(`languages.${item}`);
    return typeof item === "string" ? item : JSON.stringify(item);
  });
  return words.join(", ");
}

/** What "nothing" means for the fields where an empty value has a meaning of its own. */
function formatEmpty(field: string, { t }: HistoryValueContext): string {
  if (field === "maxAttendees" || field === "maxCompanions") return t("accounts.unlimited");
  if (field === "retentionDays") return t("admin.accountDefault");
  return NONE;
}

/** One value of an audit entry in the reader's words: dates in the event's zone, yes/no, names, lists. */
export function formatHistoryValue(field: string, value: unknown, ctx: HistoryValueContext): HistoryValue {
  const { t, language, names } = ctx;
  if (value === null || value === undefined || value === "") return { text: formatEmpty(field, ctx) };
  if (typeof value === "boolean") return { text: value ? t("common.yes") : t("common.no") };
  if (typeof value === "number")
    return { text: new Intl.NumberFormat(language, { maximumFractionDigits: 15 }).format(value) };
  if (Array.isArray(value)) return { text: formatList(field, value, ctx) };
  if (isRecord(value)) return { text: formatObject(field, value, ctx) };
  if (typeof value !== "string") return { text: JSON.stringify(value) };
  if (TIMESTAMP_FIELDS.has(field)) return { text: formatTimestamp(value, ctx) };
  if (IMAGE_FIELDS.has(field)) return { imageUrl: imageUrl(value) };
  if (field === "userId") return { text: names.users.get(value) ?? value };
  if (field === "teamId") return { text: names.teams.get(value) ?? value };
  if (field === "country") return { text: countryName(value, language) };
  return { text: value };
}
