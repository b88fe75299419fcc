import type { UseFormReturnType } from "@mantine/form";
import { validateAnswer } from "@tessera/shared/rules/customFieldRules";
import { guestIdentityProblem } from "@tessera/shared/rules/guests";
import type { WebTFunction } from "@/app/errorMessage.ts";
import type { CustomFieldJson } from "@/queries/customFields.ts";
import type { GuestCreateBody, GuestJson } from "@/queries/guests.ts";
import { answerToInput } from "../customFieldValues.ts";
import type { AnswerInput } from "./CustomFieldInput.tsx";

/** The identity fields of the form, as typed. */
export interface GuestFormValues {
  civility: string | null;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  jobTitle: string;
  status: string;
  companionsExpected: string;
  prescriber: string;
  godfather: { id: string; fullName: string } | null;
  /** Custom field id → the answer as typed (file answers are uploaded on their own). */
  answers: Record<string, AnswerInput>;
}

/** The guest form (@mantine/form): identity, companions and answers. */
export type GuestForm = UseFormReturnType<GuestFormValues>;

export function initialValues(fields: readonly CustomFieldJson[], guest: GuestJson | null): GuestFormValues {
  return {
    civility: guest?.civility ?? null,
    firstName: guest?.firstName ?? "",
    lastName: guest?.lastName ?? "",
    email: guest?.email ?? "",
    company: guest?.company ?? "",
    jobTitle: guest?.jobTitle ?? "",
    status: guest?.status ?? "unanswered",
    companionsExpected: String(guest?.companionsExpected ?? 0),
    prescriber: guest?.prescriber ?? "",
    godfather: guest?.godfather ?? null,
    answers: Object.fromEntries(fields.map((field) => [field.id, answerToInput(field, guest?.answers?.[field.id])])),
  };
}

/**
 * The form's validators: the companions expected, and each answer by the shared rules of its field (the
 * rules the API applies).
 */
export function guestFormRules(t: WebTFunction, fields: readonly CustomFieldJson[]) {
  return {
    // Said on the email field, as the API says it; cleared as soon as a name or an address is typed.
    email: (email: string, values: GuestFormValues) => {
      const problem = guestIdentityProblem({ ...values, email });
      return problem ? t(`validation:${problem}`) : null;
    },
    companionsExpected: (typed: string) => companionsProblem(t, typed),
    answers: Object.fromEntries(
      fields.map((field) => [field.id, (value: AnswerInput) => answerError(t, field, value)] as const),
    ),
  };
}

/** The message of a rule code of the shared custom-field rules (a key of the validation catalogue). */
export function ruleMessage(t: WebTFunction, code: string, params?: Record<string, unknown>): string {
  const key = `validation:${code}` as "validation:invalid_value";
  return t(key, { ...params, defaultValue: t("validation:invalid_value") });
}

/** Checks one answer with the same rules as the API; null when it is fine. */
export function answerError(t: WebTFunction, field: CustomFieldJson, value: AnswerInput): string | null {
  if (field.type === "file") return null;
  const result = validateAnswer(field, Array.isArray(value) && value.length === 0 ? null : value);
  return result.ok ? null : ruleMessage(t, result.code, result.params);
}

/** The companions expected as a number, or the message of why not ('The number can't be negative.'). */
export function companionsProblem(t: WebTFunction, typed: string): string | null {
  if (typed.trim() === "" || !/^-?\d+$/.test(typed.trim())) return t("validation:not_a_number");
  if (Number(typed) < 0) return t("validation:number_negative");
  return null;
}

const nullable = (value: string) => (value.trim() === "" ? null : value.trim());

/** What to send to the API (answers already checked, files left alone). */
export function guestBody(values: GuestFormValues, fields: readonly CustomFieldJson[]) {
  const body = {
    civility: values.civility as "mr" | "ms" | "mx" | null,
    firstName: nullable(values.firstName),
    lastName: nullable(values.lastName),
    email: nullable(values.email),
    company: nullable(values.company),
    jobTitle: nullable(values.jobTitle),
    status: values.status as GuestJson["status"],
    companionsExpected: Number(values.companionsExpected),
    prescriber: nullable(values.prescriber),
    godfatherId: values.godfather?.id ?? null,
    answers: {} as Record<string, unknown>,
  };
  for (const field of fields) {
    if (field.type === "file") continue;
    const raw = values.answers[field.id];
    const result = validateAnswer(field, Array.isArray(raw) && raw.length === 0 ? null : raw);
    if (result.ok) body.answers[field.id] = result.value;
  }
  return body satisfies GuestCreateBody;
}
