import type { Account } from "../../models/Account.ts";
import { DEFAULT_LANGUAGES, DEFAULT_TIMEZONE, type EventValues } from "./fields.ts";

/** The values a new event takes for the fields its body leaves out: the account's default event params, then ours. */
export function newEventDefaults(account: Account): EventValues {
  const defaults = account.defaultEventParams ?? {};
  return {
    timezone: defaults.timezone ?? DEFAULT_TIMEZONE,
    languages: defaults.languages ?? DEFAULT_LANGUAGES,
    isAllDay: defaults.isAllDay ?? false,
    maxCompanions: defaults.maxCompanions ?? null,
    country: defaults.country ?? null,
  };
}
