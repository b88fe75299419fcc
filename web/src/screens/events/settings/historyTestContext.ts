import { loadI18n } from "@/app/language.ts";
import type { AuditLogJson } from "@/queries/auditLogs.ts";
import { customFieldCatalogue } from "./historyCustomFields.ts";
import type { SentenceContext } from "./historySentences.ts";
import { CUSTOM_FIELDS } from "./historyTestEntries.ts";

export const LANGUAGES = ["en", "fr", "es"] as const;
export type TestLanguage = (typeof LANGUAGES)[number];

// The instances the web app uses: each language's catalogues as the page downloads them.
const i18nIn = { en: await loadI18n("en"), fr: await loadI18n("fr"), es: await loadI18n("es") };

/**
 * What the History tab reads its entries with, in `language`, for an event in Paris: its custom fields
 * (and those the `entries` describe), the account's users and teams.
 */
export function historyContext(
  language: TestLanguage,
  entries: readonly AuditLogJson[] = [],
  names: SentenceContext["names"] = { users: new Map(), teams: new Map() },
): SentenceContext {
  return {
    t: i18nIn[language].getFixedT(language, "web"),
    language,
    timeZone: "Europe/Paris",
    names,
    fields: customFieldCatalogue(CUSTOM_FIELDS, entries),
    eventName: "Gala",
  };
}

/** ICU versions differ in the spaces they put around times (narrow no-break or not): compare words only. */
export const words = (text: string) => text.replace(/\s/g, " ");
