import { isLanguage } from "@tessera/shared/i18n/languages";
import { CIVILITIES, GUEST_SOURCES, GUEST_STATUSES, MAIL_STATUSES } from "@tessera/shared/rules/guests";
import { formatLooseValue, formatTimestamp, nameOfId, type HistoryValueContext } from "./historyFormat.ts";

const TIMESTAMPS = new Set(["registeredAt", "createdAt", "updatedAt", "unsubscribedAt"]);

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);

/**
 * A value of a guest's (or recommended person's) own field as the guest screens show it: status, mail
 * status, origin and civility by their labels, the language by its name, instants in the event's zone,
 * the godfather by name. Answers to custom fields are read by historyCustomFields.ts.
 */
export function formatGuestValue(field: string, value: unknown, ctx: HistoryValueContext): string {
  const { t } = ctx;
  if (field === "status" && isOneOf(GUEST_STATUSES, value)) return t(`guests.status.${value}`);
  if (field === "mailStatus" && isOneOf(MAIL_STATUSES, value)) return t(`guests.mailStatus.${value}`);
  if (field === "createdSource" && isOneOf(GUEST_SOURCES, value)) return t(`guests.source.${value}`);
  if (field === "civility" && isOneOf(CIVILITIES, value)) return t(`guests.civility.${value}`);
  if (field === "language" && isLanguage(value)) return t(`languages.${value}`);
  if (TIMESTAMPS.has(field) && typeof value === "string") return formatTimestamp(value, ctx);
  if (field === "godfatherId" && typeof value === "string") return nameOfId(value, ctx) ?? t("history.unknown.guest");
  return formatLooseValue(value, ctx);
}
