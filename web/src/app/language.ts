import { errorCatalogues } from "@tessera/shared/i18n/errors";
import {
  createI18nWith,
  DEFAULT_LANGUAGE,
  isLanguage,
  type i18n,
  type Language,
  type LanguageCatalogues,
} from "@tessera/shared/i18n/languages";
import { ChunkLoadError } from "./lazyWithTimeout.ts";

// Each language's screens are a chunk of their own: a page downloads the one language it shows.
const screenCatalogues: Record<Language, () => Promise<{ catalogues: LanguageCatalogues }>> = {
  en: () => import("@tessera/shared/i18n/screens/en"),
  fr: () => import("@tessera/shared/i18n/screens/fr"),
  es: () => import("@tessera/shared/i18n/screens/es"),
};

const loading = new Map<Language, Promise<i18n>>();
const loaded = new Map<Language, i18n>();

/**
 * The i18next instance of a language, once its catalogues are downloaded (one instance per language:
 * switching language never re-renders in the old one). A failed download stays failed, so the screens
 * show the chunk load error page, whose button reloads the page.
 */
export function loadI18n(language: Language): Promise<i18n> {
  let instance = loading.get(language);
  if (!instance) {
    instance = screenCatalogues[language]().then(
      ({ catalogues }) => {
        const ready = createI18nWith(language, { [language]: { ...catalogues, errors: errorCatalogues[language] } });
        loaded.set(language, ready);
        return ready;
      },
      (cause: unknown) => {
        throw new ChunkLoadError(`the ${language} catalogues could not be loaded`, { cause });
      },
    );
    loading.set(language, instance);
  }
  return instance;
}

/**
 * The instance of a language for the error page: the whole one when it is loaded, else one that knows
 * only the error messages (they travel with the app, so an error can be told even when nothing loads).
 */
export function errorPageI18n(language: Language): i18n {
  return loaded.get(language) ?? createI18nWith(language, { [language]: { errors: errorCatalogues[language] } });
}

/** The language of a sign-in path: its first segment when it is one of ours, English otherwise. */
export function languageFromPath(pathname: string): Language {
  const first = pathname.split("/")[1];
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

/** The language the browser prefers among ours, for pages that have no language of their own. */
export function browserLanguage(): Language {
  const preferred = globalThis.navigator?.languages ?? [];
  const match = preferred.map((tag) => tag.toLowerCase().split("-")[0]).find(isLanguage);
  return match ?? DEFAULT_LANGUAGE;
}

/** At start: the path's language prefix, else the browser's preference (until a screen sets its own). */
function initialLanguage(): Language {
  // Read defensively: the query layer's unit tests load this module under Node.
  const first = (globalThis.location?.pathname ?? "/").split("/")[1];
  return isLanguage(first) ? first : browserLanguage();
}

let activeLanguage: Language = initialLanguage();
if (globalThis.document) document.documentElement.lang = activeLanguage;

/** The language of the page on screen: the API answers in it and `<html lang>` says it. */
export function getActiveLanguage(): Language {
  return activeLanguage;
}

export function setActiveLanguage(language: Language): void {
  activeLanguage = language;
  document.documentElement.lang = language;
}
