import { walkFormItems } from "@tessera/shared/rules/forms";
import type { GuestStatus } from "@tessera/shared/rules/guests";
import type { PortalWaitingEntry } from "@tessera/shared/schemas/portal";
import type { PublicFormJson } from "@tessera/shared/schemas/registration";
import {
  hasParticipation,
  initialValues,
  itemsOf,
  shownQuestions,
  type AnswerInput,
  type KeptFile,
  type PublicFieldJson,
  type RegistrationValues,
} from "../registration/registrationValues.ts";

/*
 * The member area's values: a guest's stored answers turned back into what the form's inputs hold (to edit
 * them) and into words (to show them). Pure, so it is tested on its own.
 */

/** A stored answer as its input holds it: text for one value, option ids for several; null when it has none. */
export function answerInputOf(field: Pick<PublicFieldJson, "type">, stored: unknown): AnswerInput | null {
  if (field.type === "multiple_choice") {
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === "string") : null;
  }
  if (typeof stored === "string") return stored;
  if (typeof stored === "number" && Number.isFinite(stored)) return String(stored);
  return null;
}

/** The form's answers of a guest, as its inputs hold them (answers to other questions left out). */
export function answerInputsOf(
  form: Pick<PublicFormJson, "fields">,
  stored: Record<string, unknown>,
): RegistrationValues["answers"] {
  const answers = initialValues(form).answers;
  for (const field of form.fields) {
    const input = answerInputOf(field, stored[field.id]);
    if (input !== null) answers[field.id] = input;
  }
  return answers;
}

/** A stored file answer (`{ fileId, name, size }`), or null when it is not one. */
export function storedFileOf(stored: unknown): KeptFile | null {
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return null;
  const { fileId, name, size } = stored as Record<string, unknown>;
  return typeof fileId === "string" && typeof name === "string" && typeof size === "number"
    ? { fileId, name, size }
    : null;
}

/** The files a guest answered the form's file questions with, by custom field id. */
export function storedFilesOf(form: Pick<PublicFormJson, "fields">, stored: Record<string, unknown>) {
  const files: Record<string, KeptFile> = {};
  for (const field of form.fields) {
    const file = field.type === "file" ? storedFileOf(stored[field.id]) : null;
    if (file) files[field.id] = file;
  }
  return files;
}

/** A guest's registration, as the registration form shows it to be changed: what they answered and consented to. */
export function registrationValuesOf(
  form: PublicFormJson,
  registration: {
    firstName: string | null;
    lastName: string | null;
    status: GuestStatus;
    listedConsent: boolean;
    answers: Record<string, unknown>;
  },
  email: string,
): RegistrationValues {
  // Their files shown as the current ones, kept unless replaced or removed.
  const storedFiles = storedFilesOf(form, registration.answers);
  return {
    firstName: registration.firstName ?? "",
    lastName: registration.lastName ?? "",
    mail: email,
    participation: hasParticipation(form) ? (registration.status === "refused" ? "no" : "yes") : "",
    answers: answerInputsOf(form, registration.answers),
    listedConsent: registration.listedConsent,
    // Accepted again with each change (the API asks it), never ticked for the guest.
    acceptsTerms: false,
    files: { ...storedFiles },
    storedFiles,
  };
}

/** One answer as words: option labels, a date or number in the page's language, a file's name. */
export function answerText(field: PublicFieldJson, stored: unknown, language: string): string | null {
  const label = (id: unknown) => field.options.find((option) => option.id === id)?.label ?? String(id);
  switch (field.type) {
    case "unique_choice":
    case "dropdown":
      return typeof stored === "string" && stored ? label(stored) : null;
    case "multiple_choice":
      return Array.isArray(stored) && stored.length ? stored.map(label).join(", ") : null;
    case "date": {
      if (typeof stored !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(stored)) break;
      const date = new Date(`${stored}T00:00:00Z`);
      return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(date);
    }
    case "number":
      return typeof stored === "number" ? new Intl.NumberFormat(language).format(stored) : null;
    case "rating": {
      const max = (field.rules as { maxRating?: number }).maxRating;
      return typeof stored === "number" ? (typeof max === "number" ? `${stored} / ${max}` : String(stored)) : null;
    }
    case "file":
      if (stored && typeof stored === "object" && "name" in stored && typeof stored.name === "string") {
        return stored.name;
      }
      return null;
    default:
      break;
  }
  if (typeof stored === "string") return stored.trim() ? stored : null;
  if (typeof stored === "number" || typeof stored === "boolean") return String(stored);
  return null;
}

/** The questions of the form shown with these answers, in its order, each with its answer in words (answered ones). */
export function answeredQuestions(
  form: Pick<PublicFormJson, "items" | "fields">,
  stored: Record<string, unknown>,
  language: string,
): { field: PublicFieldJson; text: string }[] {
  const shown = shownQuestions(form, answerInputsOf(form, stored));
  const fields = new Map(form.fields.map((field) => [field.id, field]));
  const answered: { field: PublicFieldJson; text: string }[] = [];
  for (const { item } of walkFormItems(itemsOf(form))) {
    if (item.kind !== "question" || !shown.has(item.fieldId)) continue;
    const field = fields.get(item.fieldId);
    const text = field ? answerText(field, stored[field.id], language) : null;
    if (field && text !== null) answered.push({ field, text });
  }
  return answered;
}

/**
 * The waiting-list entries the member area shows: the answers the guest waits for, and those a place opened
 * up for that they still have (not once they changed that answer). None once their registration is cancelled.
 */
export function shownWaitingEntries(
  entries: readonly PortalWaitingEntry[],
  registration: { status: GuestStatus; answers: Record<string, unknown> },
): PortalWaitingEntry[] {
  if (["cancelled", "rejected", "refused"].includes(registration.status)) return [];
  return entries.filter((entry) => {
    if (entry.status === "waiting") return true;
    const answer = registration.answers[entry.fieldId];
    return Array.isArray(answer) ? answer.includes(entry.optionId) : answer === entry.optionId;
  });
}
