import {
  formOptionsOf,
  normalizeGuestEmail,
  shownFieldIds,
  validateAnswers,
  walkFormItems,
  type FormType,
  type GuestStatus,
  type PublicFormJson,
  type SendFormBody,
  type SendFormResult,
  type ValidationIssue,
} from "@tessera/shared";
import { lockNames } from "../../db/dialect.ts";
import { AppError } from "../../errors.ts";
import type { Event } from "../../models/Event.ts";
import { Guest } from "../../models/Guest.ts";
import type { RegistrationOutcome } from "../../mail/mailer.ts";
import { recordAudit } from "../audit/record.ts";
import { guestSnapshot } from "../guests/write.ts";
import { derivedGuestColumns } from "../guests/prepare.ts";
import type { Scope } from "../scope.ts";
import { queueRegistrationConfirmation } from "./confirmationMail.ts";
import { isClosed, onlineForm, type OnlineForm } from "./onlineForm.ts";
import { moveUploads, resolveUploads } from "./uploads.ts";
import { removeAnsweredFiles, resolveKeptFiles } from "./keptFiles.ts";
import { removeStoredGuestFiles } from "../guests/files.ts";
import { queueOrderDocuments } from "../orders/orderDocuments.ts";
import { placedCartJson, placeRegistrationCart } from "../ticketOffice/cart.ts";
import { cancelCompanions } from "../guests/companions.ts";
import { isPlaceFull, placeName, placesOf, placesTaken, quotaPlaces, type Place, type PlacesTaken } from "./places.ts";
import {
  joinWaitingList,
  offersWaitingList,
  promoteWaitingAfter,
  waitableFieldIds,
  withoutWaited,
  type WaitedPlace,
} from "./waitingList.ts";

/*
 * Guests registering through an event's online registration form (spec §4, §5, §7 sendForm). Anyone may
 * call: the event is named by its slug, the form must be online. The form is read (once for a moment's
 * registrations) and the answers checked before the transaction; inside it, a registration waits only for
 * those that compete with it (lockNames: the same email, the event's places when it has a maximum, the same
 * quota'd answer), so that the last place goes to exactly one guest while the others run side by side.
 * SQLite writes one transaction at a time.
 */

/** The earlier of two closing instants, as ISO text (null: none). */
function earliest(...instants: (Date | string | null)[]): string | null {
  const times = instants.filter((instant) => instant !== null).map((instant) => new Date(instant).getTime());
  return times.length ? new Date(Math.min(...times)).toISOString() : null;
}

/** The online form as a guest sees it (a registration form unless said: the portal shows surveys and companion forms). */
export async function viewPublicForm(
  scope: Scope,
  slug: string,
  formId: string,
  type: FormType = "registration",
): Promise<PublicFormJson> {
  const { event, form, fields } = await onlineForm(scope.db, slug, formId, type);
  const options = formOptionsOf(form.options);
  const places: Place[] = [
    ...(event.maxAttendees === null ? [] : [{ kind: "event" as const, limit: event.maxAttendees }]),
    ...quotaPlaces(fields),
  ];
  const counts = await placesTaken(scope.db, event.id, places, null);
  const full = new Set(places.filter((place, index) => isPlaceFull(place, counts, index)).map(placeName));
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
        isFull: full.has(`quota:${field.id}:${option.id}`),
        hasWaitingList: offersWaitingList({ form }, field, option.id),
      })),
      rules: { ...field.rules },
    })),
    event: {
      name: event.name,
      slug: event.slug,
      startsAt: event.startsAt ? new Date(event.startsAt).toISOString() : null,
      endsAt: event.endsAt ? new Date(event.endsAt).toISOString() : null,
      timezone: event.timezone,
      languages: event.languages,
    },
    isOpen: !isClosed({ event, form }, scope.clock.now()) && !full.has("attendees"),
    closesAt: earliest(event.registrationClosesAt, options.closesAt),
    confirmationMessage: options.confirmationMessage[scope.language] ?? null,
    publishAttendees: options.publishAttendees,
    terms: form.termsStorageKey && form.termsName ? { name: form.termsName, size: form.termsSize ?? 0 } : null,
  };
}

/**
 * The answers kept: those to the questions shown, checked as a guest's (required shown questions answered);
 * `issues` found elsewhere in the body are refused with the answers' (all at once).
 */
export function checkedAnswers(
  online: OnlineForm,
  sent: Record<string, unknown>,
  issues: readonly ValidationIssue[] = [],
): Record<string, unknown> {
  const shown = shownFieldIds(online.form.items, sent);
  const asked = online.fields.filter((field) => shown.has(field.id));
  const kept = Object.fromEntries(Object.entries(sent).filter(([id]) => shown.has(id)));
  const result = validateAnswers(asked, kept, { asGuest: true });
  if (!result.ok || issues.length) throw AppError.invalid([...(result.ok ? [] : result.issues), ...issues]);
  return Object.fromEntries(Object.entries(result.value).filter(([, value]) => value !== null));
}

/** The answers' places that have none left, of the questions whose full answer the guest waits for. */
function waitedPlaces(places: readonly Place[], counts: PlacesTaken, waitable: ReadonlySet<string>): WaitedPlace[] {
  return places.flatMap((place, index) =>
    place.kind === "answer" && waitable.has(place.field.id) && isPlaceFull(place, counts, index) ? [place] : [],
  );
}

/**
 * Refuses when a place the registration takes has none left: the event's first, then the answers' (but those
 * of the questions in `waitable`, whose full answer the guest waits for instead).
 */
function refuseFullPlaces(places: readonly Place[], counts: PlacesTaken, waitable: ReadonlySet<string>): void {
  if (places.some((place, index) => place.kind === "event" && isPlaceFull(place, counts, index))) {
    throw new AppError("max_registrations_reached", 409);
  }
  const full = places.flatMap((place, index) =>
    place.kind === "answer" && !waitable.has(place.field.id) && isPlaceFull(place, counts, index)
      ? [{ field: `items.answers.${place.field.id}`, code: "option_quota_filled" }]
      : [],
  );
  if (full.length) throw new AppError("option_quota_filled", 409, { issues: full });
}

/**
 * An existing guest's answers once they send the form again: each question of the form takes what was sent,
 * so one left empty, or hidden by the other answers, loses its answer; but a file question keeps its file
 * unless the signed-in guest removed it, and an answer given up for a waiting list stays until a place
 * opens. Answers to questions this form does not ask (the organizer's, another form's) stay as they are.
 */
function answersSentAgain(
  online: OnlineForm,
  existing: Record<string, unknown>,
  sent: Record<string, unknown>,
  { waited, removedFiles }: { waited: readonly WaitedPlace[]; removedFiles: readonly string[] },
): Guest["answers"] {
  const waitedIds = new Set(waited.map((place) => place.field.id));
  const unanswered = online.fields
    .filter((field) => field.type !== "file" && !waitedIds.has(field.id) && !(field.id in sent))
    .map((field) => field.id);
  const cleared = new Set([...unanswered, ...removedFiles]);
  return Object.fromEntries(
    Object.entries({ ...existing, ...sent }).filter(([id]) => !cleared.has(id)),
  ) as Guest["answers"];
}

/**
 * Registers a guest through an online registration form, all or nothing, then queues the confirmation
 * email: the queue retries it while the mail server is down, and failing to queue it never undoes the
 * registration. `signedInGuestId`: the guest of the portal changing their registration, who may keep or
 * remove the files they answered with (keptFiles.ts).
 */
export async function sendForm(
  scope: Scope,
  slug: string,
  formId: string,
  body: SendFormBody,
  signedInGuestId: string | null = null,
): Promise<SendFormResult> {
  if (body.formId !== formId) throw AppError.invalid([{ field: "formId", code: "invalid_value" }]);
  const { result, event, guestId } = await register(scope, slug, formId, body, signedInGuestId);
  // A cart costing nothing was completed with the registration: its invoice is issued off the request.
  if (result.order?.status === "completed") await queueOrderDocuments(scope.deps, result.order.id);
  // The guest's changed answers may have freed places that guests wait for.
  if (result.matchedExisting) await promoteWaitingAfter(scope, event);
  const outcome: RegistrationOutcome =
    result.status === "refused" ? "declined" : result.status === "pending_approval" ? "pending" : "confirmed";
  await queueRegistrationConfirmation(scope, {
    eventId: event.id,
    guestId,
    to: body.mail.trim(),
    firstName: body.items.firstName.trim(),
    outcome,
  });
  return result;
}

async function register(
  scope: Scope,
  slug: string,
  formId: string,
  body: SendFormBody,
  signedInGuestId: string | null,
): Promise<{ result: SendFormResult; event: Event; guestId: string }> {
  const online = await onlineForm(scope.db, slug, formId);
  const { event, form } = online;
  const now = scope.clock.now();
  if (isClosed(online, now)) throw new AppError("registration_closed", 409);
  const files = await resolveKeptFiles(scope.db, online, body.items.answers, signedInGuestId);
  const uploads = await resolveUploads(scope.db, online, files.answers, now);
  // A form with terms takes only a registration that accepts them.
  const termsRefused = form.termsStorageKey !== null && body.items.acceptsTerms !== true;
  const answers = checkedAnswers(
    online,
    uploads.answers,
    termsRefused ? [{ field: "items.acceptsTerms", code: "terms_required" }] : [],
  );
  // Files of questions the form hid are not kept (their uploads expire).
  const moves = uploads.moves.filter((move) => move.upload.customFieldId in answers);
  const emailNormalized = normalizeGuestEmail(body.mail);
  const hasParticipation = [...walkFormItems(form.items)].some(({ item }) => item.kind === "participation");
  const declines = hasParticipation && body.items.participation === false;
  const places = declines ? [] : placesOf(event, online.fields, answers);
  const waitable = waitableFieldIds(online, body.items.waitingList);
  // A place already gone is refused before waiting for the others: waiting holds a connection of the pool.
  if (places.length) {
    refuseFullPlaces(places, await placesTaken(scope.db, event.id, places, emailNormalized), waitable);
  }

  let replacedFiles: string[] = [];
  const registered = await scope.db.transaction(async (trx) => {
    await lockNames(trx, `registration:${event.id}`, [`email:${emailNormalized}`, ...places.map(placeName)]);
    // Again, now that no registration competing for the same places or email runs.
    const current = await placesTaken(trx, event.id, places, emailNormalized);
    const existing = current.existingId ? await Guest.query(trx).findById(current.existingId) : undefined;
    if (existing?.status === "rejected") throw new AppError("registration_rejected", 409);
    // Files kept or removed are the signed-in guest's: the guest registered must be them.
    if ((files.kept.length || files.removed.length) && existing?.id !== signedInGuestId) {
      throw AppError.invalid([{ field: "mail", code: "invalid_value" }]);
    }
    refuseFullPlaces(places, current, waitable);
    // A full answer waited for is left out: the guest registers without it (a required question answered).
    const waited = waitedPlaces(places, current, waitable);
    const kept = waited.length ? withoutWaited(answers, waited) : answers;
    const waits = formOptionsOf(form.options).requiresApproval && existing?.status !== "confirmed";
    const status: GuestStatus = declines ? "refused" : waits ? "pending_approval" : "confirmed";
    const identity = { firstName: body.items.firstName.trim(), lastName: body.items.lastName.trim() };
    const values = {
      ...identity,
      email: existing?.email ?? body.mail.trim(),
      status,
      registeredAt: now,
      ...(body.items.listedConsent === undefined || !formOptionsOf(form.options).publishAttendees
        ? {}
        : { listedConsent: body.items.listedConsent }),
      ...derivedGuestColumns({ ...identity, email: body.mail, company: existing?.company ?? null }),
    };
    const guest = existing
      ? await Guest.query(trx).patchAndFetchById(existing.id, {
          ...values,
          answers: answersSentAgain(online, existing.answers, kept, { waited, removedFiles: files.removed }),
        })
      : ((await Guest.query(trx)
          .insert({
            ...values,
            accountId: event.accountId,
            eventId: event.id,
            answers: kept as Guest["answers"],
            createdSource: "registration",
          })
          .returning("*")) as unknown as Guest);
    // A guest answering that they will not come no longer brings companions, nor buys tickets.
    if (existing && declines) await cancelCompanions(trx, scope, event, guest);
    if (declines && body.order) throw AppError.invalid([{ field: "order", code: "invalid_value" }]);
    // Tickets bought with the registration: a cart refused refuses the registration (nothing saved).
    const cart = body.order ? await placeRegistrationCart(scope, trx, event, guest, body.order) : null;
    replacedFiles = [
      ...(await moveUploads(trx, guest, moves)),
      ...(await removeAnsweredFiles(trx, guest.id, files.removed)),
    ];
    await recordAudit(trx, scope, {
      action: existing ? "guest.updated" : "guest.created",
      subjectType: "guest",
      subjectId: guest.id,
      accountId: event.accountId,
      eventId: event.id,
      ...(existing ? { before: guestSnapshot(existing) } : {}),
      after: guestSnapshot(guest),
    });
    // A new guest waiting for nothing has no entry to read.
    const waitingList =
      existing || waited.length ? await joinWaitingList(trx, scope, online, guest, Object.keys(answers), waited) : [];
    return {
      result: {
        status: guest.status,
        matchedExisting: Boolean(existing),
        ...(waitingList.length ? { waitingList } : {}),
        ...(cart ? { order: placedCartJson(scope.deps.config.secret, cart) } : {}),
      },
      event,
      guestId: guest.id,
    };
  });
  await removeStoredGuestFiles(scope, replacedFiles);
  return registered;
}
