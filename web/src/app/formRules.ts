import type { UseFormReturnType } from "@mantine/form";
import { isApiError } from "@tessera/shared/client";
import { isEmailAddress } from "@tessera/shared/rules/email";
import type { resources } from "@tessera/shared/i18n/index";
import type { WebTFunction } from "./errorMessage.ts";

/** A code of the validation catalogue (the rules of shared/ answer these). */
export type ValidationCode = keyof (typeof resources)["en"]["validation"];

/**
 * A @mantine/form validator made of a rule of shared/ (the same rule the API applies): the rule answers a
 * code of the validation catalogue, or nothing when the value is fine; the form shows the code's message.
 */
export function byRule<Value, Values>(
  rule: (value: Value, values: Values) => ValidationCode | null | undefined,
  t: WebTFunction,
): (value: Value, values: Values) => string | null {
  return (value, values) => {
    const code = rule(value, values);
    return code ? t(`validation:${code}`) : null;
  };
}

/** 'This field is required.' for an empty (or blank) value. */
export function requiredRule(t: WebTFunction): (value: unknown) => string | null {
  return (value) =>
    value === null || value === undefined || String(value).trim() === "" ? t("validation:required") : null;
}

/** 'This field is required.' for a blank e-mail, and the e-mail rule of shared/ for the address trimmed (as sent). */
export function emailRule(t: WebTFunction): (value: string) => string | null {
  return (value) => {
    const email = value.trim();
    if (!email) return t("validation:required");
    return isEmailAddress(email) ? null : t("validation:email_format");
  };
}

/**
 * Shows the API's refusal on the form: each field it named under that field, and returns the message of the
 * whole refusal when no field of the form carries it (for an alert above the form).
 */
export function showApiErrors<Values>(
  form: UseFormReturnType<Values>,
  error: unknown,
  fallback: string,
): string | null {
  if (!isApiError(error)) return fallback;
  const values = form.getValues() as object;
  // "socialLinks.facebook" belongs to the form when the form holds socialLinks.
  const fields = error.details.filter((detail) => (detail.field.split(".")[0] ?? "") in values);
  if (fields.length) form.setErrors(Object.fromEntries(fields.map((detail) => [detail.field, detail.message])));
  return fields.length ? null : error.message;
}
