import i18next, { type i18n, type TFunction } from "i18next";
import enErrors from "./en/errors.json";
import enValidation from "./en/validation.json";
import enWeb from "./en/web.json";
import enMail from "./en/mail.json";
import frErrors from "./fr/errors.json";
import frValidation from "./fr/validation.json";
import frWeb from "./fr/web.json";
import frMail from "./fr/mail.json";
import esErrors from "./es/errors.json";
import esValidation from "./es/validation.json";
import esWeb from "./es/web.json";
import esMail from "./es/mail.json";

export const LANGUAGES = ["en", "fr", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export const NAMESPACES = ["errors", "validation", "web", "mail"] as const;

export const resources = {
  en: { errors: enErrors, validation: enValidation, web: enWeb, mail: enMail },
  fr: { errors: frErrors, validation: frValidation, web: frWeb, mail: frMail },
  es: { errors: esErrors, validation: esValidation, web: esWeb, mail: esMail },
} as const;

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

/** A ready, synchronous i18next instance with every catalogue loaded. */
export function createI18n(language: Language = DEFAULT_LANGUAGE): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: "web",
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

export type { i18n, TFunction };
