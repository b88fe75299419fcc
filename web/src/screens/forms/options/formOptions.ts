import { LANGUAGES, type Language } from "@tessera/shared/i18n/languages";
import type { FormType } from "@tessera/shared/rules/forms";
import { fromZonedInput, toZonedInput } from "@/app/zonedTime.ts";
import type { FormOptionsBody, FormOptionsJson } from "@/queries/forms.ts";

/** A form's options as the panel edits them: dates as wall-clock values of the event's time zone. */
export interface OptionsValues {
  requiresApproval: boolean;
  opensAt: string;
  closesAt: string;
  confirmationMessage: Record<Language, string>;
  publishAttendees: boolean;
  waitingList: boolean;
}

export function valuesOf(options: FormOptionsJson, timeZone: string): OptionsValues {
  return {
    requiresApproval: options.requiresApproval,
    opensAt: toZonedInput(options.opensAt, timeZone),
    closesAt: toZonedInput(options.closesAt, timeZone),
    confirmationMessage: Object.fromEntries(
      LANGUAGES.map((language) => [language, options.confirmationMessage[language] ?? ""]),
    ) as Record<Language, string>,
    publishAttendees: options.publishAttendees,
    waitingList: options.waitingList,
  };
}

/**
 * Which options a form of this type shows: an opening date for surveys, the attendees list and the full
 * answers' waiting lists for registration.
 */
export function optionsShown(type: FormType) {
  return {
    opensAt: type === "survey",
    publishAttendees: type === "registration",
    waitingList: type === "registration",
  };
}

export function closesBeforeOpens(values: Pick<OptionsValues, "opensAt" | "closesAt">): boolean {
  return Boolean(values.opensAt && values.closesAt && values.closesAt <= values.opensAt);
}

/**
 * The requests that save the changed options: the API sets the confirmation message of one language per
 * request, so the first carries every other change and the first changed message, and each further changed
 * language has its own. Nothing changed: none.
 */
export function optionsRequests(
  saved: OptionsValues,
  values: OptionsValues,
  timeZone: string,
  type: FormType,
): FormOptionsBody[] {
  const shown = optionsShown(type);
  const params: FormOptionsBody["params"] = {};
  if (values.requiresApproval !== saved.requiresApproval) params.requiresApproval = values.requiresApproval;
  if (shown.opensAt && values.opensAt !== saved.opensAt) params.opensAt = fromZonedInput(values.opensAt, timeZone);
  if (values.closesAt !== saved.closesAt) params.closesAt = fromZonedInput(values.closesAt, timeZone);
  if (shown.publishAttendees && values.publishAttendees !== saved.publishAttendees) {
    params.publishAttendees = values.publishAttendees;
  }
  if (shown.waitingList && values.waitingList !== saved.waitingList) params.waitingList = values.waitingList;
  const languages = LANGUAGES.filter(
    (language) => values.confirmationMessage[language] !== saved.confirmationMessage[language],
  );
  const bodies: FormOptionsBody[] = languages.map((language) => ({
    params: { confirmationMessage: values.confirmationMessage[language] },
    language,
  }));
  if (Object.keys(params).length === 0) return bodies;
  const [first, ...others] = bodies;
  return [first ? { ...first, params: { ...params, ...first.params } } : { params }, ...others];
}

/** A file's size in the reader's language: "245 kB", "1.2 MB". */
export function formatFileSize(bytes: number, language: string): string {
  const [value, unit] =
    bytes >= 1_000_000
      ? [bytes / 1_000_000, "megabyte"]
      : bytes >= 1_000
        ? [bytes / 1_000, "kilobyte"]
        : [bytes, "byte"];
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit,
    // "45 bytes" reads better than "45 byte"; kB and MB keep their short forms.
    unitDisplay: unit === "byte" ? "long" : "short",
    maximumFractionDigits: value < 10 && unit !== "byte" ? 1 : 0,
  }).format(value);
}
