import { isRecord } from "@tessera/shared/records";
import { isLanguage } from "@tessera/shared/i18n/languages";
import { EVENT_MODULES, SOCIAL_NETWORKS, WHITE_LABEL_FLAGS } from "@tessera/shared/rules/events";
import { formatAnswerValue, formatDefinitionValue } from "./historyCustomFields.ts";
import type { HistorySubject } from "./historyFields.ts";
import { formatFormValue } from "./historyForms.ts";
import {
  formatLooseValue,
  formatNumber,
  formatTimestamp,
  isEmpty,
  NONE,
  type HistoryValue,
  type HistoryValueContext,
} from "./historyFormat.ts";
import { formatGuestValue } from "./historyGuestValues.ts";
import { NETWORK_NAMES } from "./socialNetworks.ts";

export type { AccessNames, HistoryValue, HistoryValueContext } from "./historyFormat.ts";

const TIMESTAMP_FIELDS = new Set(["startsAt", "endsAt", "registrationClosesAt", "archivedAt"]);
const IMAGE_FIELDS = new Set(["bannerImageId", "logoImageId", "faviconImageId"]);
/** The prefix of the changes that are answers to a custom field (`answers.<field id>`). */
export const ANSWER_PREFIX = "answers.";

/** Public bytes of an image (API contract: GET /media/images/:id, outside /api). */
const imageUrl = (id: string) => `/media/images/${encodeURIComponent(id)}`;

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
      return formatLooseValue(value, ctx);
  }
}

function formatList(field: string, values: unknown[], ctx: HistoryValueContext): string {
  if (values.length === 0) return NONE;
  const words = values.map((item) => {
    if (field === "languages" && isLanguage(item)) return ctx.t(`languages.${item}`);
    return formatLooseValue(item, ctx);
  });
  return words.join(", ");
}

/** What "nothing" means for the fields where an empty value has a meaning of its own. */
function formatEmpty(field: string, { t }: HistoryValueContext): string {
  if (field === "maxAttendees" || field === "maxCompanions") return t("accounts.unlimited");
  if (field === "retentionDays") return t("admin.accountDefault");
  return NONE;
}

/** One value of an event's entry in the reader's words: dates in the event's zone, yes/no, names, lists. */
function formatEventValue(field: string, value: unknown, ctx: HistoryValueContext): HistoryValue {
  const { t, language, names } = ctx;
  if (isEmpty(value)) return { text: formatEmpty(field, ctx) };
  if (typeof value === "number") return { text: formatNumber(value, ctx) };
  if (Array.isArray(value)) return { text: formatList(field, value, ctx) };
  if (isRecord(value)) return { text: formatObject(field, value, ctx) };
  if (typeof value !== "string") return { text: formatLooseValue(value, ctx) };
  if (TIMESTAMP_FIELDS.has(field)) return { text: formatTimestamp(value, ctx) };
  if (IMAGE_FIELDS.has(field)) return { imageUrl: imageUrl(value) };
  if (field === "userId")
    return { text: names.users.get(value) ?? ctx.entryNames?.[value] ?? t("history.unknown.user") };
  if (field === "teamId")
    return { text: names.teams.get(value) ?? ctx.entryNames?.[value] ?? t("history.unknown.team") };
  if (field === "country") return { text: countryName(value, language) };
  return { text: formatLooseValue(value, ctx) };
}

/**
 * One value of an entry about `subject` as the screen that shows it does: an event's settings, a guest's
 * fields and answers (`answers.<field id>`), a custom field's definition, a form's content and options.
 */
export function formatHistoryValue(
  subject: HistorySubject,
  field: string,
  value: unknown,
  ctx: HistoryValueContext,
): HistoryValue {
  if (field.startsWith(ANSWER_PREFIX))
    return { text: formatAnswerValue(field.slice(ANSWER_PREFIX.length), value, ctx) };
  switch (subject) {
    case "event":
      return formatEventValue(field, value, ctx);
    case "guest":
    case "recommendation":
      return { text: isEmpty(value) ? NONE : formatGuestValue(field, value, ctx) };
    case "customField":
      return { text: formatDefinitionValue(field, value, ctx) };
    case "form":
      return { text: formatFormValue(field, value, ctx) };
  }
}
