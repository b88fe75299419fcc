import i18next, { type i18n, type TFunction } from "i18next";

export const LANGUAGES = ["en", "fr", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks the best supported language from an Accept-Language header (q-values honoured). */
export function pickLanguage(acceptLanguage: string | undefined | null): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { base: tag.trim().toLowerCase().split("-")[0], q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

/** The catalogues of one language, by namespace (a part of them is enough: the web app leaves mail out). */
export type LanguageCatalogues = Readonly<Record<string, object>>;

/** A ready, synchronous i18next instance over the catalogues given. */
export function createI18nWith(
  language: Language,
  catalogues: Readonly<Partial<Record<Language, LanguageCatalogues>>>,
): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources: catalogues,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(catalogues[language] ?? {}),
    defaultNS: "web",
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

export type { i18n, TFunction };
