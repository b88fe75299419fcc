import { ATTENDING_STATUSES, CHOICE_TYPES, type GuestStatus } from "@tessera/shared";
import { jsonKeyHolds } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import type { CustomField } from "../../models/CustomField.ts";
import type { Event } from "../../models/Event.ts";

/** Statuses that hold an answer's place: counted against its quota. */
export const HOLDING_A_PLACE: readonly GuestStatus[] = ["confirmed", "pending_approval", "to_be_seen", "unanswered"];

/** A place a registration takes: one of the event's (it has a maximum), or one of a quota'd answer's. */
export type Place =
  { kind: "event"; limit: number } | { kind: "answer"; field: CustomField; optionId: string; limit: number };

/** The lock name of a place (dialect.ts lockNames): registrations wanting the same place wait for each other. */
export const placeName = (place: Place) =>
  place.kind === "event" ? "attendees" : `quota:${place.field.id}:${place.optionId}`;

/** The places answers take: the event's when it has a maximum, and each chosen answer's with a quota. */
export function placesOf(event: Event, fields: readonly CustomField[], answers: Record<string, unknown>): Place[] {
  const places: Place[] = event.maxAttendees === null ? [] : [{ kind: "event", limit: event.maxAttendees }];
  for (const field of fields) {
    const answer = answers[field.id];
    if (answer === undefined || !CHOICE_TYPES.includes(field.type)) continue;
    const chosen = Array.isArray(answer) ? answer : [answer];
    for (const option of field.options) {
      if (option.quota && chosen.includes(option.id)) {
        places.push({ kind: "answer", field, optionId: option.id, limit: option.quota });
      }
    }
  }
  return places;
}

/** Every quota'd answer of the fields, as places (the public form says which are full). */
export function quotaPlaces(fields: readonly CustomField[]): Place[] {
  return fields.flatMap((field) =>
    CHOICE_TYPES.includes(field.type)
      ? field.options.flatMap((option) =>
          option.quota ? [{ kind: "answer" as const, field, optionId: option.id, limit: option.quota }] : [],
        )
      : [],
  );
}

/** The entries of the guests waiting for an answer (a question's option), joined to those guests. */
export function waitingForPlace(db: Knex, eventId: string, answer: { fieldId: string; optionId: string }) {
  return db("waitingListEntries").join("guests", "guests.id", "waitingListEntries.guestId").where({
    "waitingListEntries.eventId": eventId,
    "waitingListEntries.customFieldId": answer.fieldId,
    "waitingListEntries.optionId": answer.optionId,
    "waitingListEntries.status": "waiting",
  });
}

export interface PlacesTaken {
  /** Guests holding each place, the guest with the email left out. */
  taken: number[];
  /**
   * Guests on each answer's waiting list (still registered), the guest with the email left out: a place
   * that frees up is theirs first, so an answer with waiting guests stays full to others (0: the event's).
   */
  waiting: number[];
  /** The event's guest with the email, if any. */
  existingId: string | null;
}

/**
 * In one statement: how many guests of the event hold each place, the one with `emailNormalized` left out
 * (their own place is theirs to keep), and that guest's id.
 */
export async function placesTaken(
  db: Knex,
  eventId: string,
  places: readonly Place[],
  emailNormalized: string | null,
): Promise<PlacesTaken> {
  const others = (query: Knex.QueryBuilder) =>
    emailNormalized
      ? query.where((w) => w.whereNull("guests.emailNormalized").orWhereNot("guests.emailNormalized", emailNormalized))
      : query;
  const columns: Record<string, Knex.QueryBuilder> = {};
  places.forEach((place, index) => {
    const holding = db("guests").where("guests.eventId", eventId).count("*");
    if (place.kind === "event") holding.whereIn("guests.status", ATTENDING_STATUSES);
    else {
      holding
        .whereIn("guests.status", HOLDING_A_PLACE)
        .where(jsonKeyHolds(db, "answers", place.field.id, place.optionId, place.field.type === "multiple_choice"));
    }
    columns[`place${index}`] = others(holding);
    if (place.kind === "answer") {
      const waiting = waitingForPlace(db, eventId, { fieldId: place.field.id, optionId: place.optionId })
        .whereIn("guests.status", HOLDING_A_PLACE)
        .count("*");
      columns[`waiting${index}`] = others(waiting);
    }
  });
  if (emailNormalized) {
    columns.existingId = db("guests").select("id").where({ eventId, emailNormalized }).orderBy("createdAt").limit(1);
  }
  if (!Object.keys(columns).length) return { taken: [], waiting: [], existingId: null };
  const row = (await db.select(columns).first()) as Record<string, unknown>;
  return {
    taken: places.map((_, index) => Number(row[`place${index}`] ?? 0)),
    waiting: places.map((_, index) => Number(row[`waiting${index}`] ?? 0)),
    existingId: typeof row.existingId === "string" ? row.existingId : null,
  };
}

/** Whether a place has none left for a newcomer: held, or promised to the guests waiting for it. */
export const isPlaceFull = (place: Place, { taken, waiting }: Pick<PlacesTaken, "taken" | "waiting">, index: number) =>
  taken[index]! + (waiting[index] ?? 0) >= place.limit;
