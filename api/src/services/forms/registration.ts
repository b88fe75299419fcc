import {
  CHOICE_TYPES,
  formOptionsOf,
  normalizeGuestEmail,
  shownFieldIds,
  validateAnswers,
  walkFormItems,
  type GuestStatus,
  type PublicFormJson,
  type SendFormBody,
  type SendFormResult,
  type ValidationIssue,
} from "@tessera/shared";
import { jsonKeyHolds, lockForUpdate } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { CustomField } from "../../models/CustomField.ts";
import { Event } from "../../models/Event.ts";
import { Form } from "../../models/Form.ts";
import { Guest } from "../../models/Guest.ts";
import type { RegistrationOutcome } from "../../mail/mailer.ts";
import { recordAudit } from "../audit/record.ts";
import { guestSnapshot } from "../guests/write.ts";
import { derivedGuestColumns } from "../guests/prepare.ts";
import type { Scope } from "../scope.ts";

/*
 * Guests registering through an event's online registration form (spec §4, §5, §7 sendForm). Anyone may
 * call: the event is named by its slug, the form must be online. One registration at a time per event
 * (its row locked on PostgreSQL; SQLite writes one transaction at a time), so that the last place of an
 * answer's quota or of the event goes to exactly one guest.
 */

/** Statuses that hold a place: counted against the event's maximum and the answers' quotas. */
const HOLDING_A_PLACE: readonly GuestStatus[] = ["confirmed", "pending_approval", "to_be_seen", "unanswered"];
/** Statuses whose guests take a place of the event (its max attendees). */
const ATTENDING: readonly GuestStatus[] = ["confirmed", "pending_approval"];

const formNotSet = () => new AppError("form_not_set", 404);

interface OnlineForm {
  event: Event;
  form: Form;
  fields: CustomField[];
}

/** The event of the slug (not archived) and its online registration form, with the questions it asks. */
async function onlineForm(db: Knex, slug: string, formId: string, lock = false): Promise<OnlineForm> {
  const eventQuery = Event.query(db).findOne({ slug: slug.toLowerCase(), isArchived: false });
  const event = await (lock ? lockForUpdate(db, eventQuery) : eventQuery);
  if (!event) throw formNotSet();
  const form = await Form.query(db).findOne({ id: formId, eventId: event.id });
  if (!form || form.state !== "online" || form.type !== "registration") throw formNotSet();
  const ids = [...walkFormItems(form.items)].flatMap(({ item }) => (item.kind === "question" ? [item.fieldId] : []));
  const fields = ids.length ? await CustomField.query(db).where({ eventId: event.id }).whereIn("id", ids) : [];
  return { event, form, fields };
}

/** Whether the form takes no answer at `now`: before its opening, after its or the event's closing date. */
function isClosed({ event, form }: Pick<OnlineForm, "event" | "form">, now: Date): boolean {
  const { opensAt, closesAt } = formOptionsOf(form.options);
  const past = (instant: Date | string | null) => instant !== null && new Date(instant).getTime() <= now.getTime();
  return past(event.registrationClosesAt) || past(closesAt) || (opensAt !== null && !past(opensAt));
}

/** How many guests of the event other than `exceptId` hold a place and chose `optionId` for the field. */
async function takenPlaces(db: Knex, field: CustomField, optionId: string, exceptId: string | null): Promise<number> {
  const query = db("guests")
    .where({ eventId: field.eventId })
    .whereIn("status", HOLDING_A_PLACE)
    .where(jsonKeyHolds(db, "answers", field.id, optionId, field.type === "multiple_choice"));
  if (exceptId) query.whereNot("id", exceptId);
  const row = (await query.count({ n: "*" }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** The answers' ids of each choice field the quota of which is filled, for the public form. */
async function fullOptions(db: Knex, fields: readonly CustomField[]): Promise<Set<string>> {
  const full = new Set<string>();
  for (const field of fields) {
    if (!CHOICE_TYPES.includes(field.type)) continue;
    for (const option of field.options) {
      if (option.quota && (await takenPlaces(db, field, option.id, null)) >= option.quota) {
        full.add(`${field.id}:${option.id}`);
      }
    }
  }
  return full;
}

async function attendeesOf(db: Knex, eventId: string, exceptId: string | null): Promise<number> {
  const query = db("guests").where({ eventId }).whereIn("status", ATTENDING);
  if (exceptId) query.whereNot("id", exceptId);
  const row = (await query.count({ n: "*" }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** The earlier of two closing instants, as ISO text (null: none). */
function earliest(...instants: (Date | string | null)[]): string | null {
  const times = instants.filter((instant) => instant !== null).map((instant) => new Date(instant).getTime());
  return times.length ? new Date(Math.min(...times)).toISOString() : null;
}

/** The online form as a guest sees it. */
export async function viewPublicForm(scope: Scope, slug: string, formId: string): Promise<PublicFormJson> {
  const { event, form, fields } = await onlineForm(scope.db, slug, formId);
  const full = await fullOptions(scope.db, fields);
  const eventFull = event.maxAttendees !== null && (await attendeesOf(scope.db, event.id, null)) >= event.maxAttendees;
  return {
    id: form.id,
    type: form.type,
    title: form.title,
    items: form.items,
    fields: fields.map((field) => ({
      id: field.id,
      label: field.label,
      helpText: field.helpText,
      type: field.type,
      isRequired: field.isRequired,
      isReadOnly: field.isReadOnly,
      options: field.options.map((option) => ({
        id: option.id,
        label: option.label,
        isFull: full.has(`${field.id}:${option.id}`),
      })),
      rules: { ...field.rules },
    })),
    event: {
      name: event.name,
      slug: event.slug,
      startsAt: event.startsAt?.toISOString() ?? null,
      endsAt: event.endsAt?.toISOString() ?? null,
      timezone: event.timezone,
      languages: event.languages,
    },
    isOpen: !isClosed({ event, form }, scope.clock.now()) && !eventFull,
    closesAt: earliest(event.registrationClosesAt, formOptionsOf(form.options).closesAt),
    confirmationMessage: formOptionsOf(form.options).confirmationMessage[scope.language] ?? null,
  };
}

/** The answers kept: those to the questions shown, checked as a guest's (required shown questions answered). */
function checkedAnswers(online: OnlineForm, sent: Record<string, unknown>): Record<string, unknown> {
  const shown = shownFieldIds(online.form.items, sent);
  const asked = online.fields.filter((field) => shown.has(field.id));
  const kept = Object.fromEntries(Object.entries(sent).filter(([id]) => shown.has(id)));
  const result = validateAnswers(asked, kept, { asGuest: true });
  if (!result.ok) throw AppError.invalid(result.issues);
  return Object.fromEntries(Object.entries(result.value).filter(([, value]) => value !== null));
}

/** Refuses the registration when one of the chosen answers has no place left (409 option_quota_filled). */
async function checkQuotas(
  trx: Knex.Transaction,
  fields: readonly CustomField[],
  answers: Record<string, unknown>,
  guestId: string | null,
): Promise<void> {
  const issues: ValidationIssue[] = [];
  for (const field of fields) {
    const answer = answers[field.id];
    if (answer === undefined || !CHOICE_TYPES.includes(field.type)) continue;
    const chosen = Array.isArray(answer) ? answer : [answer];
    for (const option of field.options) {
      if (!option.quota || !chosen.includes(option.id)) continue;
      if ((await takenPlaces(trx, field, option.id, guestId)) >= option.quota) {
        issues.push({ field: `items.answers.${field.id}`, code: "option_quota_filled" });
      }
    }
  }
  if (issues.length) throw new AppError("option_quota_filled", 409, { issues });
}

/**
 * Registers a guest through an online registration form, all or nothing, then queues the confirmation
 * email: the queue retries it while the mail server is down, and failing to queue it never undoes the
 * registration.
 */
export async function sendForm(
  scope: Scope,
  slug: string,
  formId: string,
  body: SendFormBody,
): Promise<SendFormResult> {
  if (body.formId !== formId) throw AppError.invalid([{ field: "formId", code: "invalid_value" }]);
  const { result, eventName } = await register(scope, slug, formId, body);
  const outcome: RegistrationOutcome =
    result.status === "refused" ? "declined" : result.status === "pending_approval" ? "pending" : "confirmed";
  try {
    await scope.deps.mail.send({
      to: body.mail.trim(),
      template: "registration_confirmation",
      language: scope.language,
      data: { firstName: body.items.firstName.trim(), eventName, outcome },
    });
  } catch (error) {
    scope.logger.error({ err: error }, "registration confirmation not queued");
  }
  return result;
}

async function register(
  scope: Scope,
  slug: string,
  formId: string,
  body: SendFormBody,
): Promise<{ result: SendFormResult; eventName: string }> {
  return scope.db.transaction(async (trx) => {
    const online = await onlineForm(trx, slug, formId, true);
    const { event, form } = online;
    const now = scope.clock.now();
    if (isClosed(online, now)) throw new AppError("registration_closed", 409);
    const answers = checkedAnswers(online, body.items.answers);
    const emailNormalized = normalizeGuestEmail(body.mail);
    const existing = emailNormalized
      ? await Guest.query(trx).findOne({ eventId: event.id, emailNormalized })
      : undefined;
    if (existing?.status === "rejected") throw new AppError("registration_rejected", 409);
    const hasParticipation = [...walkFormItems(form.items)].some(({ item }) => item.kind === "participation");
    const declines = hasParticipation && body.items.participation === false;
    const waits = formOptionsOf(form.options).requiresApproval && existing?.status !== "confirmed";
    const status: GuestStatus = declines ? "refused" : waits ? "pending_approval" : "confirmed";
    if (!declines) {
      const max = event.maxAttendees;
      if (max !== null && (await attendeesOf(trx, event.id, existing?.id ?? null)) >= max) {
        throw new AppError("max_registrations_reached", 409);
      }
      await checkQuotas(trx, online.fields, answers, existing?.id ?? null);
    }
    const identity = { firstName: body.items.firstName.trim(), lastName: body.items.lastName.trim() };
    const values = {
      ...identity,
      email: existing?.email ?? body.mail.trim(),
      status,
      registeredAt: now,
      ...derivedGuestColumns({ ...identity, email: body.mail, company: existing?.company ?? null }),
    };
    const guest = existing
      ? await Guest.query(trx).patchAndFetchById(existing.id, {
          ...values,
          answers: { ...existing.answers, ...answers } as Guest["answers"],
        })
      : ((await Guest.query(trx)
          .insert({
            ...values,
            accountId: event.accountId,
            eventId: event.id,
            answers: answers as Guest["answers"],
            createdSource: "registration",
          })
          .returning("*")) as unknown as Guest);
    await recordAudit(trx, scope, {
      action: existing ? "guest.updated" : "guest.created",
      subjectType: "guest",
      subjectId: guest.id,
      accountId: event.accountId,
      eventId: event.id,
      ...(existing ? { before: guestSnapshot(existing) } : {}),
      after: guestSnapshot(guest),
    });
    return { result: { status: guest.status, matchedExisting: Boolean(existing) }, eventName: event.name };
  });
}
