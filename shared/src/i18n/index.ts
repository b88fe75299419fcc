import { createI18nWith, DEFAULT_LANGUAGE, type i18n, type Language } from "./languages.ts";
import enErrors from "./en/errors.json";
import enValidation from "./en/validation.json";
import enWeb from "./en/web.json";
import enMail from "./en/mail.json";
import enDocuments from "./en/documents.json";
import frErrors from "./fr/errors.json";
import frValidation from "./fr/validation.json";
import frWeb from "./fr/web.json";
import frMail from "./fr/mail.json";
import frDocuments from "./fr/documents.json";
import esErrors from "./es/errors.json";
import esValidation from "./es/validation.json";
import esWeb from "./es/web.json";
import esMail from "./es/mail.json";
import esDocuments from "./es/documents.json";

export * from "./languages.ts";

export const resources = {
  en: { errors: enErrors, validation: enValidation, web: enWeb, mail: enMail, documents: enDocuments },
  fr: { errors: frErrors, validation: frValidation, web: frWeb, mail: frMail, documents: frDocuments },
  es: { errors: esErrors, validation: esValidation, web: esWeb, mail: esMail, documents: esDocuments },
} as const;

/** A ready, synchronous i18next instance with every catalogue loaded (the API, mail, tests). */
export function createI18n(language: Language = DEFAULT_LANGUAGE): i18n {
  return createI18nWith(language, resources);
}
