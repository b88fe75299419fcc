import { Suspense, use, useLayoutEffect, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import type { Language } from "@tessera/shared/i18n/languages";
import { loadI18n, setActiveLanguage } from "../app/language.ts";
import { LocalizedMantine } from "./LocalizedMantine.tsx";
import { PageLoader } from "./PageLoader.tsx";

/**
 * Renders its children in one language and makes it the page's language (html lang, API answers),
 * once that language's catalogues are downloaded (a loader until then; a switch keeps the old screen).
 */
export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <InLanguage language={language}>{children}</InLanguage>
    </Suspense>
  );
}

function InLanguage({ language, children }: { language: Language; children: ReactNode }) {
  const i18n = use(loadI18n(language));
  useLayoutEffect(() => setActiveLanguage(language), [language]);
  return (
    <I18nextProvider i18n={i18n}>
      <LocalizedMantine>{children}</LocalizedMantine>
    </I18nextProvider>
  );
}
