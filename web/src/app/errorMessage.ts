import { isApiError } from "@tessera/shared/client";
import type { TFunction } from "i18next";

/** What to tell the user about a failure: the API's translated message, or the generic one. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error)) return error.message;
  return t("errors:internal_error");
}
