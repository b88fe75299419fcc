import type { i18n as I18n, TFunction } from "i18next";
import { failureOf } from "../deskApi.ts";
import { failureText } from "../shared/failureText.ts";

/** A primary call refused for this desk's role ("[primary_running] …") in the user's language, else as any failure. */
export function primaryFailureText(error: unknown, t: TFunction<"web">, i18n: I18n): string {
  const { code } = failureOf(error);
  if (code && i18n.exists(`deskPrimary.errors.${code}`, { ns: "web" }))
    return t(`deskPrimary.errors.${code}` as "deskPrimary.errors.primary_running");
  return failureText(error, t, i18n);
}
