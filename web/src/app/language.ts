import { createI18n, DEFAULT_LANGUAGE, isLanguage, type i18n, type Language } from "@tessera/shared/i18n/index";

const instances = new Map<Language, i18n>();

/** One i18next instance per language, created on first use: switching language never re-renders in the old one. */
export function i18nFor(language: Language): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createI18n(language);
    instances.set(language, instance);
  }
  return instance;
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
