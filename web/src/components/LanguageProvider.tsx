import { useLayoutEffect, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import type { Language } from "@tessera/shared/i18n/index";
import { i18nFor, setActiveLanguage } from "../app/language.ts";

/** Renders its children in one language and makes it the page's language (html lang, API answers). */
export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  useLayoutEffect(() => setActiveLanguage(language), [language]);
  return <I18nextProvider i18n={i18nFor(language)}>{children}</I18nextProvider>;
}
