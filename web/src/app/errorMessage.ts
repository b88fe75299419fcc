import type { TFunction } from "i18next";
import { isApiError } from "@tessera/shared/client";

/** The `t` of screens that also read the errors and validation catalogues. */
export type WebTFunction = TFunction<["web", "errors", "validation"]>;

/** What to tell the user about a failure: the API's translated message, or the generic one. */
export function errorMessage(error: unknown, t: WebTFunction): string {
  if (isApiError(error)) return error.message;
  return t("errors:internal_error");
}
