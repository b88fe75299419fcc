import { isEmailAddress } from "@tessera/shared/rules/email";
import { validateAnswer } from "@tessera/shared/rules/customFieldRules";
import { walkFormItems, type FormItem } from "@tessera/shared/rules/forms";
import { shownFieldIds } from "@tessera/shared/rules/formVisibility";
import { EMAIL_MAX, NAME_MAX } from "@tessera/shared/schemas/common";
import type { PublicFormJson, SendFormBody } from "@tessera/shared/schemas/registration";

/*
 * The registration form's values and their checks before sending, by the shared rules the server applies
 * (customFieldRules' validateAnswer, formVisibility's shownFieldIds): pure, so it is tested on its own.
 */

export type PublicFieldJson = PublicFormJson["fields"][number];

/** What a guest typed or chose for one question: text (number, date, option id…) or option ids. */
export type AnswerInput = string | string[];

export interface RegistrationValues {
  firstName: string;
  lastName: string;
  mail: string;
  /** The participation question's answer: "" until chosen. */
  participation: "" | "yes" | "no";
  /** By custom field id; answers to hidden questions are kept (shown again as they were) but not sent. */
  answers: Record<string, AnswerInput>;
  /** Agrees to be on the attendees list other guests see (asked when the form publishes one). */
  listedConsent: boolean;
  /** Has read and accepts the form's terms (asked when it has them). */
  acceptsTerms: boolean;
  /**
   * By file question's custom field id: the file uploaded for it (sent as `{ uploadId, uploadKey }`), or the
   * file the guest answered it with already, kept (sent as `{ keep: fileId }`: changing a registration).
   */
  files?: Record<string, UploadedFile | KeptFile>;
  /** Changing a registration: the files the guest answered with (one removed is sent as null, to remove it). */
  storedFiles?: Record<string, KeptFile>;
}

/** A file uploaded at once for a file question (POST …/forms/uploadFile), waiting for the form. */
export interface UploadedFile {
  uploadId: string;
  uploadKey: string;
  name: string;
  size: number;
}

/** A file the guest answered a question with already (the stored answer), kept while they change their answers. */
export interface KeptFile {
  fileId: string;
  name: string;
  size: number;
}

export const isKeptFile = (file: UploadedFile | KeptFile): file is KeptFile => "fileId" in file;

/** A problem of one field of the form (its path: "firstName", "answers.<fieldId>"…), as a catalogue code. */
export interface FieldProblem {
  /** A key of the validation catalogue. */
  code: string;
  params?: Record<string, unknown>;
}

export type CheckedRegistration =
  { ok: true; body: SendFormBody } | { ok: false; problems: Record<string, FieldProblem> };

/** The form's items as the shared rules type them (the schema's static type is the same tree). */
export function itemsOf(form: Pick<PublicFormJson, "items">): readonly FormItem[] {
  return form.items as readonly FormItem[];
}

export function hasParticipation(form: Pick<PublicFormJson, "items">): boolean {
  return [...walkFormItems(itemsOf(form))].some(({ item }) => item.kind === "participation");
}

/**
 * Questions a guest answers by typing or choosing: read-only ones are the organizer's to fill, and a file is
 * uploaded on its own as soon as it is chosen (checkFiles).
 */
export function isAnsweredHere(field: PublicFieldJson): boolean {
  return !field.isReadOnly && field.type !== "file";
}

/**
 * The file questions shown: each uploaded file's `{ uploadId, uploadKey }` as its answer, a file kept
 * `{ keep: fileId }` (a required question is answered by it), a stored file removed null; a required one
 * without a file a problem.
 */
export function checkFiles(
  form: Pick<PublicFormJson, "items" | "fields">,
  values: Pick<RegistrationValues, "answers" | "files" | "storedFiles">,
): { answers: Record<string, unknown>; problems: Record<string, FieldProblem> } {
  const shown = shownQuestions(form, values.answers);
  const answers: Record<string, unknown> = {};
  const problems: Record<string, FieldProblem> = {};
  for (const field of form.fields) {
    if (field.type !== "file" || field.isReadOnly || !shown.has(field.id)) continue;
    const file = values.files?.[field.id];
    if (file) {
      answers[field.id] = isKeptFile(file)
        ? { keep: file.fileId }
        : { uploadId: file.uploadId, uploadKey: file.uploadKey };
    } else if (field.isRequired) problems[`answers.${field.id}`] = { code: "required" };
    else if (values.storedFiles?.[field.id]) answers[field.id] = null;
  }
  return { answers, problems };
}

export function initialValues(form: Pick<PublicFormJson, "fields">, mail = ""): RegistrationValues {
  return {
    firstName: "",
    lastName: "",
    mail,
    participation: "",
    listedConsent: false,
    acceptsTerms: false,
    answers: Object.fromEntries(form.fields.map((field) => [field.id, field.type === "multiple_choice" ? [] : ""])),
  };
}

/** The full answers chosen whose waiting list the form offers: the guest waits for them instead. */
export function waitedOptions(field: PublicFieldJson, answer: AnswerInput | undefined): PublicFieldJson["options"] {
  const chosen = Array.isArray(answer) ? answer : answer ? [answer] : [];
  return field.options.filter((option) => option.isFull && option.hasWaitingList && chosen.includes(option.id));
}

/** The questions shown with these answers (the same rule the server keeps answers by). */
export function shownQuestions(form: Pick<PublicFormJson, "items">, answers: RegistrationValues["answers"]) {
  return shownFieldIds(itemsOf(form), answers);
}

function isBlank(value: AnswerInput | undefined): boolean {
  return value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === "");
}

function checkName(value: string): FieldProblem | null {
  const name = value.trim();
  if (!name) return { code: "required" };
  if (name.length > NAME_MAX) return { code: "too_long", params: { count: NAME_MAX } };
  return null;
}

function checkMail(value: string): FieldProblem | null {
  const mail = value.trim();
  if (!mail) return { code: "required" };
  if (mail.length > EMAIL_MAX || !isEmailAddress(mail)) return { code: "email_format" };
  return null;
}

/** The problems of a guest's names and email, by field path; a companion's email may be left out (`isMailOptional`). */
export function checkIdentity(
  values: Pick<RegistrationValues, "firstName" | "lastName" | "mail">,
  { isMailOptional = false } = {},
): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const [path, problem] of [
    ["firstName", checkName(values.firstName)],
    ["lastName", checkName(values.lastName)],
    ["mail", isMailOptional && !values.mail.trim() ? null : checkMail(values.mail)],
  ] as const) {
    if (problem) problems[path] = problem;
  }
  return problems;
}

/**
 * Checks the answers to the form's questions shown (and its participation question) as the server will:
 * in their stored shape (numbers as numbers, dates YYYY-MM-DD, option ids), blanks left out. A registration,
 * a companion's or a survey's answers alike.
 */
export function checkAnswers(
  form: Pick<PublicFormJson, "items" | "fields">,
  values: Pick<RegistrationValues, "answers" | "participation">,
): { answers: Record<string, unknown>; problems: Record<string, FieldProblem> } {
  const problems: Record<string, FieldProblem> = {};
  const shown = shownQuestions(form, values.answers);
  const fields = new Map(form.fields.map((field) => [field.id, field]));
  const answers: Record<string, unknown> = {};
  for (const { item } of walkFormItems(itemsOf(form))) {
    if (item.kind === "participation" && !values.participation) problems.participation = { code: "required" };
    if (item.kind !== "question" || !shown.has(item.fieldId)) continue;
    const field = fields.get(item.fieldId);
    if (!field || !isAnsweredHere(field)) continue;
    const raw = values.answers[field.id];
    const result = validateAnswer(field, isBlank(raw) ? undefined : raw, { asGuest: true });
    if (!result.ok) {
      problems[`answers.${field.id}`] = { code: result.code, ...(result.params ? { params: result.params } : {}) };
    } else if (result.value !== null) {
      answers[field.id] = result.value;
    }
  }
  return { answers, problems };
}

/**
 * Checks the values as the server will, and builds what is sent: the names and email trimmed, the answers
 * to the questions shown in their stored shape (numbers as numbers, dates YYYY-MM-DD, option ids), blanks
 * left out. Problems are keyed by the form's field paths, in the order the form shows them.
 */
export function checkRegistration(form: PublicFormJson, values: RegistrationValues): CheckedRegistration {
  const problems = checkIdentity(values);
  const checked = checkAnswers(form, values);
  const files = checkFiles(form, values);
  Object.assign(problems, checked.problems, files.problems);
  const answers = { ...checked.answers, ...files.answers };
  // Questions whose chosen full answer the guest waits for (only those sent, that is shown).
  const waitingList = form.fields
    .filter((field) => field.id in answers && waitedOptions(field, values.answers[field.id]).length > 0)
    .map((field) => field.id);
  const askParticipation = hasParticipation(form);
  if (form.terms && !values.acceptsTerms) problems.acceptsTerms = { code: "terms_required" };
  if (Object.keys(problems).length) return { ok: false, problems };
  return {
    ok: true,
    body: {
      formId: form.id,
      mail: values.mail.trim(),
      items: {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        answers,
        ...(askParticipation ? { participation: values.participation === "yes" } : {}),
        ...(form.publishAttendees ? { listedConsent: values.listedConsent } : {}),
        ...(waitingList.length ? { waitingList } : {}),
        ...(form.terms ? { acceptsTerms: values.acceptsTerms } : {}),
      },
    },
  };
}

/**
 * The form's field path of a problem the server reported: its body's paths ("mail", "items.firstName",
 * "items.answers.<id>") or a rule's ("answers.<id>"). Null when no field of the form shows it.
 */
export function formPathOf(serverField: string, form: Pick<PublicFormJson, "fields">): string | null {
  const path = serverField.replace(/^items\./, "");
  if (["firstName", "lastName", "mail", "participation", "listedConsent", "acceptsTerms"].includes(path)) return path;
  const answer = /^answers\.([^.]+)/.exec(path);
  if (answer && form.fields.some((field) => field.id === answer[1])) return `answers.${answer[1]}`;
  return null;
}

/**
 * The event's dates in the page's language and the event's time zone (its local time, which is where the
 * guest will be); said in UTC when this browser does not know the zone. Null when the event has no date.
 */
export function eventDatesText(
  event: Pick<PublicFormJson["event"], "startsAt" | "endsAt" | "timezone">,
  language: string,
): string | null {
  if (!event.startsAt) return null;
  const start = new Date(event.startsAt);
  const end = event.endsAt ? new Date(event.endsAt) : null;
  if (Number.isNaN(start.getTime())) return null;
  const format = (timeZone: string) => {
    const formatter = new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short", timeZone });
    return end && !Number.isNaN(end.getTime()) && end > start
      ? formatter.formatRange(start, end)
      : formatter.format(start);
  };
  try {
    return format(event.timezone);
  } catch {
    return `${format("UTC")} UTC`;
  }
}

/** A file's size as people read it: "120 kB", "2.4 MB" (in the page's language). */
export function fileSizeText(bytes: number, language: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, "megabyte"] : [Math.max(1, bytes / 1000), "kilobyte"];
  return new Intl.NumberFormat(language, { style: "unit", unit, maximumFractionDigits: value < 10 ? 1 : 0 }).format(
    value,
  );
}
