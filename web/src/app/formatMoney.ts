import type { Language } from "@tessera/shared/i18n/languages";

/** An amount of the API (integer cents of `currency`) as the user reads money in their language. */
export function formatMoney(cents: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(language, { style: "currency", currency }).format(cents / 100);
}
