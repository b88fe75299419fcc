import type { i18n as I18n, TFunction } from "i18next";
import { failureOf } from "../deskApi.ts";

/**
 * A failed call in the user's language: a print refusal's or the API's code when the catalogues know it, else
 * the core's words after a sentence that says the desk could not do it.
 */
export function failureText(error: unknown, t: TFunction<"web">, i18n: I18n): string {
  const { code, detail } = failureOf(error);
  if (code && i18n.exists(`deskPrint.errors.${code}`, { ns: "web" }))
    return t(`deskPrint.errors.${code}` as "deskPrint.errors.pinWrong");
  if (code && i18n.exists(code, { ns: "errors" })) return i18n.t(code as "unknown_error", { ns: "errors" });
  return t("deskApp.failed", { detail });
}
