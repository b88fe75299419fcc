import {
  CHOICE_TYPES,
  formOptionsOf,
  isLanguage,
  normalizeGuestEmail,
  validateAnswer,
  type AnswerValue,
  type Language,
  type PortalWaitingEntry,
  type WaitingAnswer,
} from "@tessera/shared";
import { lockNames } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { guestPortalLink } from "../../mail/links.ts";
import type { MailRequest } from "../../mail/mailer.ts";
import { CustomField } from "../../models/CustomField.ts";
import type { Event } from "../../models/Event.ts";
import { Guest } from "../../models/Guest.ts";
import { WaitingListEntry } from "../../models/WaitingListEntry.ts";
import { recordAudit } from "../audit/record.ts";
import { guestSnapshot } from "../guests/write.ts";
import type { Scope } from "../scope.ts";
import type { OnlineForm } from "./onlineForm.ts";
import { HOLDING_A_PLACE, placeName, placesTaken, waitingForPlace, type Place } from "./places.ts";

/*
 * Waiting lists of full answers (pretix's waiting list, per answer of a quota'd question). A guest whose
 * chosen answer is full may register without it and wait (sendForm, items.waitingList); waiting guests count
 * against the answer for newcomers (places.ts isPlaceFull), so a place that frees up is theirs first. When a
 * place frees up (a guest cancels, changes their answer, is deleted or changed by the organizer), the first
 * waiting get it in the order they joined: their answer is set, their entry promoted, an audit entry
 * written, and an email queued (with the link to the event's guest portal, to check or change it all).
 *
 * Locks (PostgreSQL; SQLite writes one transaction at a time): a promotion takes, in one sorted statement as
 * sendForm does (dialect.ts lockNames), the answers' place names and the emails of the guests it may promote.
 * The same order as sendForm's, so the two never deadlock; a registration of the same answer waits, and so
 * does one of the same guest (whose answers the promotion changes).
 */

/** An answer place a registration waits for instead of taking it. */
export type WaitedPlace = Extract<Place, { kind: "answer" }>;

/** Whether the form offers waiting lists of its full answers (a registration form with the option on). */
const offersWaitingLists = ({ form }: Pick<OnlineForm, "form">) =>
  form.type === "registration" && formOptionsOf(form.options).waitingList;

/** The questions for which a guest asked to wait when their answer is full (the form offering it). */
export function waitableFieldIds(online: OnlineForm, asked: readonly string[] | undefined): ReadonlySet<string> {
  return asked?.length && offersWaitingLists(online) ? new Set(asked) : new Set();
}

/** Whether the form offers the waiting list of this answer when it is full. */
export function offersWaitingList(online: Pick<OnlineForm, "form">, field: CustomField, optionId: string): boolean {
  return (
    offersWaitingLists(online) &&
    CHOICE_TYPES.includes(field.type) &&
    Boolean(field.options.find((option) => option.id === optionId)?.quota)
  );
}

/** The answers without the options waited for (a question left with none is left out). */
export function withoutWaited(answers: Record<string, unknown>, waited: readonly WaitedPlace[]) {
  const kept = { ...answers };
  for (const place of waited) {
    const answer = kept[place.field.id];
    if (Array.isArray(answer)) {
      const rest = answer.filter((option) => option !== place.optionId);
      if (rest.length) kept[place.field.id] = rest;
      else delete kept[place.field.id];
    } else if (answer === place.optionId) delete kept[place.field.id];
  }
  return kept;
}

/**
 * In sendForm's transaction, under its locks: the guest's waiting entries once registered with `answered`
 * (the questions answered this time, waited ones included). An answer waited for again keeps its place in
 * line; the other entries of the questions answered are withdrawn (the latest answer stands); new ones join
 * at the end. Returns what the guest waits for, in the order they joined.
 */
export async function joinWaitingList(
  trx: Knex.Transaction,
  scope: Scope,
  online: OnlineForm,
  guest: Guest,
  answered: readonly string[],
  waited: readonly WaitedPlace[],
): Promise<WaitingAnswer[]> {
  const current = await WaitingListEntry.query(trx).where({ guestId: guest.id, status: "waiting" });
  if (!current.length && !waited.length) return [];
  const isWaited = (fieldId: string, optionId: string) =>
    waited.some((place) => place.field.id === fieldId && place.optionId === optionId);
  const withdrawn = current.filter(
    (entry) => answered.includes(entry.customFieldId) && !isWaited(entry.customFieldId, entry.optionId),
  );
  if (withdrawn.length) {
    await WaitingListEntry.query(trx)
      .patch({ status: "withdrawn" })
      .whereIn(
        "id",
        withdrawn.map((entry) => entry.id),
      );
  }
  const now = scope.clock.now();
  for (const [index, place] of waited.entries()) {
    if (current.some((entry) => entry.customFieldId === place.field.id && entry.optionId === place.optionId)) continue;
    await WaitingListEntry.query(trx).insert({
      accountId: online.event.accountId,
      eventId: online.event.id,
      formId: online.form.id,
      guestId: guest.id,
      customFieldId: place.field.id,
      optionId: place.optionId,
      status: "waiting",
      language: scope.language,
      // Several answers waited for at once keep the order they were asked in.
      createdAt: new Date(now.getTime() + index),
    });
  }
  const waiting = await WaitingListEntry.query(trx)
    .where({ guestId: guest.id, status: "waiting" })
    .orderBy([{ column: "createdAt" }, { column: "id" }]);
  return waiting.map((entry) => ({ fieldId: entry.customFieldId, optionId: entry.optionId }));
}

/** The guest no longer waits for anything (their registration cancelled). */
export async function withdrawWaiting(trx: Knex.Transaction, guestId: string): Promise<void> {
  await WaitingListEntry.query(trx).patch({ status: "withdrawn" }).where({ guestId, status: "waiting" });
}

/** A guest's entries waiting or promoted, as their portal shows them (labels from the questions). */
export async function portalWaitingEntries(db: Knex, guest: Guest): Promise<PortalWaitingEntry[]> {
  const entries = await WaitingListEntry.query(db)
    .where({ guestId: guest.id })
    .whereIn("status", ["waiting", "promoted"])
    .orderBy([{ column: "createdAt" }, { column: "id" }]);
  if (!entries.length) return [];
  const fields = new Map(
    (
      await CustomField.query(db)
        .where({ eventId: guest.eventId })
        .whereIn("id", [...new Set(entries.map((entry) => entry.customFieldId))])
    ).map((field) => [field.id, field]),
  );
  const result: PortalWaitingEntry[] = [];
  for (const entry of entries) {
    const field = fields.get(entry.customFieldId);
    const option = field?.options.find((candidate) => candidate.id === entry.optionId);
    if (!field || !option) continue;
    const position = entry.status === "waiting" ? (await guestsAhead(db, entry)) + 1 : null;
    result.push({
      id: entry.id,
      fieldId: field.id,
      question: field.label,
      optionId: option.id,
      answer: option.label,
      status: entry.status === "promoted" ? "promoted" : "waiting",
      position,
      joinedAt: entry.createdAt.toISOString(),
      promotedAt: entry.promotedAt ? entry.promotedAt.toISOString() : null,
    });
  }
  return result;
}

/** How many registered guests wait for the same answer ahead of this entry. */
async function guestsAhead(db: Knex, entry: WaitingListEntry): Promise<number> {
  const row = (await waitingForPlace(db, entry.eventId, { fieldId: entry.customFieldId, optionId: entry.optionId })
    .whereIn("guests.status", HOLDING_A_PLACE)
    .where((ahead) =>
      ahead
        .where("waitingListEntries.createdAt", "<", entry.createdAt.toISOString())
        .orWhere((same) =>
          same
            .where("waitingListEntries.createdAt", entry.createdAt.toISOString())
            .where("waitingListEntries.id", "<", entry.id),
        ),
    )
    .count({ count: "*" })
    .first()) as { count: number | string } | undefined;
  return Number(row?.count ?? 0);
}

/** How many registered guests wait for each answer of these questions, by "fieldId:optionId". */
export async function waitingCounts(db: Knex, eventId: string, fieldIds: readonly string[]) {
  if (!fieldIds.length) return new Map<string, number>();
  const rows = (await db("waitingListEntries")
    .join("guests", "guests.id", "waitingListEntries.guestId")
    .where({ "waitingListEntries.eventId": eventId, "waitingListEntries.status": "waiting" })
    .whereIn("waitingListEntries.customFieldId", fieldIds)
    .whereIn("guests.status", HOLDING_A_PLACE)
    .groupBy("waitingListEntries.customFieldId", "waitingListEntries.optionId")
    .select("waitingListEntries.customFieldId", "waitingListEntries.optionId")
    .count({ count: "*" })) as { customFieldId: string; optionId: string; count: number | string }[];
  return new Map(rows.map((row) => [`${row.customFieldId}:${row.optionId}`, Number(row.count)]));
}

// ---- Promotion ---------------------------------------------------------------------------------------

/** Rounds of promotion at most in one call: each promotes or withdraws someone, or the call ends. */
const MAX_ROUNDS = 50;
/** Candidates locked beyond the free places, for those found withdrawn meanwhile. */
const SPARE_CANDIDATES = 2;

interface Promotion {
  mail: MailRequest;
}

/** What a promotion needs of the event: the places' event, and its name and slug for the emails. */
type PromotionEvent = Pick<Event, "id" | "accountId" | "name" | "slug">;

/**
 * Gives the places of the event's full answers that freed up to the guests waiting for them, first come
 * first served, never more than each answer's quota. Call it once a change that may free a place is
 * committed (its own transactions take the locks sendForm takes); it logs rather than fails the change
 * when it cannot. Emails are queued once each round is committed; failing to queue one is logged, never
 * undoes a promotion.
 */
export async function promoteWaitingAfter(scope: Scope, event: PromotionEvent): Promise<void> {
  try {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const outcome = await promotionRound(scope, event);
      for (const { mail } of outcome.promotions) {
        try {
          await scope.deps.mail.send(mail);
        } catch (error) {
          scope.logger.error({ err: error }, "waiting list promotion email not queued");
        }
      }
      if (!outcome.progress) break;
    }
  } catch (error) {
    scope.logger.error({ err: error, eventId: event.id }, "waiting list promotion failed");
  }
}

async function promotionRound(
  scope: Scope,
  event: PromotionEvent,
): Promise<{ progress: boolean; promotions: Promotion[] }> {
  const eventId = event.id;
  const none = { progress: false, promotions: [] };
  const queues = (await scope
    .db("waitingListEntries")
    .where({ eventId, status: "waiting" })
    .distinct("customFieldId", "optionId")) as { customFieldId: string; optionId: string }[];
  if (!queues.length) return none;
  const fields = new Map(
    (
      await CustomField.query(scope.db)
        .where({ eventId })
        .whereIn("id", [...new Set(queues.map((queue) => queue.customFieldId))])
    ).map((field) => [field.id, field]),
  );
  const gone: { customFieldId: string; optionId: string }[] = [];
  const places: WaitedPlace[] = [];
  for (const queue of queues) {
    const field = fields.get(queue.customFieldId);
    const option = field?.options.find((candidate) => candidate.id === queue.optionId);
    if (!field || !option || !CHOICE_TYPES.includes(field.type)) gone.push(queue);
    // No quota any more: every waiting guest gets it.
    else places.push({ kind: "answer", field, optionId: option.id, limit: option.quota || Number.MAX_SAFE_INTEGER });
  }
  // Before any lock: which answers have places free, and their first waiting guests (whose emails to lock).
  const estimate = places.length ? await placesTaken(scope.db, eventId, places, null) : { taken: [] };
  const open = places.flatMap((place, index) => {
    const free = place.limit - estimate.taken[index]!;
    return free > 0 ? [{ place, free }] : [];
  });
  if (!open.length && !gone.length) return none;
  const candidates = new Map<WaitedPlace, { entry: WaitingListEntry; email: string | null }[]>();
  for (const { place, free } of open) {
    const rows = (await waitingForPlace(scope.db, eventId, { fieldId: place.field.id, optionId: place.optionId })
      .orderBy([{ column: "waitingListEntries.createdAt" }, { column: "waitingListEntries.id" }])
      .limit(Math.min(free, 100) + SPARE_CANDIDATES)
      .select("waitingListEntries.id", "guests.emailNormalized")) as { id: string; emailNormalized: string | null }[];
    candidates.set(
      place,
      rows.map((row) => ({ entry: { id: row.id } as WaitingListEntry, email: row.emailNormalized })),
    );
  }
  const emails = [...candidates.values()].flat().flatMap(({ email }) => (email ? [`email:${email}`] : []));

  return scope.db.transaction(async (trx) => {
    await lockNames(trx, `registration:${eventId}`, [...open.map(({ place }) => placeName(place)), ...emails]);
    let progress = false;
    for (const queue of gone) {
      const withdrawn = await WaitingListEntry.query(trx)
        .patch({ status: "withdrawn" })
        .where({ eventId, status: "waiting", customFieldId: queue.customFieldId, optionId: queue.optionId });
      progress ||= withdrawn > 0;
    }
    const openPlaces = open.map(({ place }) => place);
    const current = openPlaces.length ? await placesTaken(trx, eventId, openPlaces, null) : { taken: [] };
    const promotions: Promotion[] = [];
    for (const [index, place] of openPlaces.entries()) {
      let free = place.limit - current.taken[index]!;
      for (const candidate of candidates.get(place) ?? []) {
        if (free <= 0) break;
        const entry = await WaitingListEntry.query(trx).findById(candidate.entry.id);
        if (!entry || entry.status !== "waiting") continue;
        const guest = await Guest.query(trx).findById(entry.guestId);
        // Locked by their email only: a guest whose email changed meanwhile waits for the next round.
        if (guest?.email && normalizeGuestEmail(guest.email) !== candidate.email) continue;
        const answer = guest ? promotedAnswer(place, guest) : null;
        if (!guest || !HOLDING_A_PLACE.includes(guest.status) || answer === null) {
          await WaitingListEntry.query(trx).patch({ status: "withdrawn" }).where({ id: entry.id });
          progress = true;
          continue;
        }
        const answers = { ...guest.answers, [place.field.id]: answer } as Guest["answers"];
        const updated = await Guest.query(trx).patchAndFetchById(guest.id, { answers });
        const now = scope.clock.now();
        await WaitingListEntry.query(trx).patch({ status: "promoted", promotedAt: now }).where({ id: entry.id });
        await recordAudit(trx, scope, {
          action: "guest.updated",
          subjectType: "guest",
          subjectId: guest.id,
          accountId: event.accountId,
          eventId,
          before: guestSnapshot(guest),
          after: guestSnapshot(updated),
        });
        free -= 1;
        progress = true;
        if (guest.email) promotions.push({ mail: promotionMail(scope, event, guest, place, entry) });
      }
    }
    return { progress, promotions };
  });
}

/** The guest's answer with the option promoted, or null when it cannot be theirs (they hold it already, or the question's rules refuse it). */
function promotedAnswer(place: WaitedPlace, guest: Guest): AnswerValue | null {
  const current = guest.answers[place.field.id];
  if (place.field.type !== "multiple_choice") return current === place.optionId ? null : place.optionId;
  const chosen = Array.isArray(current) ? current.map(String) : [];
  if (chosen.includes(place.optionId)) return null;
  const next = [...chosen, place.optionId];
  return validateAnswer(place.field, next).ok ? (next as AnswerValue) : null;
}

/** The promoted guest's email in the language they registered in, with the link to the event's guest portal. */
function promotionMail(
  scope: Scope,
  event: PromotionEvent,
  guest: Guest,
  place: WaitedPlace,
  entry: WaitingListEntry,
): MailRequest {
  const language: Language = isLanguage(entry.language)
    ? entry.language
    : isLanguage(guest.language)
      ? guest.language
      : "en";
  const option = place.field.options.find((candidate) => candidate.id === place.optionId);
  return {
    to: guest.email!,
    template: "waiting_list_promoted",
    language,
    data: {
      firstName: guest.firstName ?? "",
      eventName: event.name,
      question: place.field.label,
      answer: option?.label ?? place.optionId,
      link: guestPortalLink(scope.deps.config.publicUrl, language, event.slug),
    },
  };
}
