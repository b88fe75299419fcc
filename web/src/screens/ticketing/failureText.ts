import { isApiError } from "@tessera/shared/client";
import { errorMessage, type WebTFunction } from "@/app/errorMessage.ts";

/** The API's message and, for a 422, each field's problem: what a ticketing form shows above its fields. */
export function failureText(error: unknown, t: WebTFunction): string {
  const message = errorMessage(error, t);
  if (!isApiError(error) || error.details.length === 0) return message;
  return [message, ...error.details.map((detail) => detail.message)].join(" — ");
}
