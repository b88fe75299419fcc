import { normalizeGuestEmail, type RecommendationStatus, type RecommendedPerson } from "@tessera/shared";
import { lockForUpdate } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { Event } from "../../models/Event.ts";
import { Guest } from "../../models/Guest.ts";
import { Recommendation } from "../../models/Recommendation.ts";
import { recordAudit } from "../audit/record.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { paginate, type PageResult } from "../pagination.ts";
import type { Scope } from "../scope.ts";
import { cleanText, derivedGuestColumns } from "./prepare.ts";

/** A recommendation with its recommender's name, as the routes present it. */
export interface RecommendationDetails {
  recommendation: Recommendation;
  recommenderName: string;
}

/** How a recommender is named: full name, else email. */
const nameOf = (guest: Pick<Guest, "fullName" | "email"> | undefined) => guest?.fullName || guest?.email || "";

async function withRecommenderNames(
  db: Knex | Knex.Transaction,
  rows: Recommendation[],
): Promise<RecommendationDetails[]> {
  const ids = [...new Set(rows.map((row) => row.recommenderGuestId))];
  const guests = ids.length ? await Guest.query(db).findByIds(ids).select("id", "firstName", "lastName", "email") : [];
  const names = new Map(guests.map((guest) => [guest.id, nameOf(guest)]));
  return rows.map((recommendation) => ({
    recommendation,
    recommenderName: names.get(recommendation.recommenderGuestId) ?? "",
  }));
}

function snapshot(recommendation: Recommendation): Record<string, unknown> {
  const { id, recommenderGuestId, firstName, lastName, email, company, status, guestId } = recommendation;
  return { id, recommenderGuestId, firstName, lastName, email, company, status, guestId };
}

/** The recommending guest must be a guest of the event (422 on guestId otherwise). */
async function recommenderOf(db: Knex | Knex.Transaction, event: Event, guestId: string): Promise<Guest> {
  const guest = await Guest.query(db).findById(guestId).where({ eventId: event.id });
  if (!guest) throw AppError.invalid([{ field: "guestId", code: "guest_not_in_event" }]);
  return guest;
}

/** A guest recommends people: one pending recommendation each (editors and up act for the guest). */
export async function addRecommendations(
  scope: Scope,
  key: EventKey,
  guestId: string,
  people: readonly RecommendedPerson[],
): Promise<RecommendationDetails[]> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  return scope.db.transaction(async (trx) => {
    const recommender = await recommenderOf(trx, event, guestId);
    const created: Recommendation[] = [];
    // One batch keeps the order it was given in: rows written in the same millisecond would otherwise list in
    // the order of their random ids.
    const submittedAt = scope.clock.now().getTime();
    for (const [index, person] of people.entries()) {
      const writtenAt = new Date(submittedAt + index);
      const recommendation = await Recommendation.query(trx).insertAndFetch({
        createdAt: writtenAt,
        updatedAt: writtenAt,
        accountId: event.accountId,
        eventId: event.id,
        recommenderGuestId: recommender.id,
        firstName: cleanText(person.firstName),
        lastName: cleanText(person.lastName),
        email: person.email.trim(),
        company: cleanText(person.company),
        status: "pending",
        guestId: null,
        decidedAt: null,
      });
      await recordAudit(trx, scope, {
        action: "recommendation.created",
        subjectType: "recommendation",
        subjectId: recommendation.id,
        accountId: event.accountId,
        eventId: event.id,
        after: snapshot(recommendation),
        metadata: { names: { [recommender.id]: nameOf(recommender) } },
      });
      created.push(recommendation);
    }
    // The recommender is loaded already: no second read for its name.
    return created.map((recommendation) => ({ recommendation, recommenderName: nameOf(recommender) }));
  });
}

/** The recommendations one guest of an event the actor sees made, oldest first. */
export async function recommendationsOfGuest(
  scope: Scope,
  key: EventKey,
  guestId: string,
): Promise<RecommendationDetails[]> {
  const db = scope.db;
  const { event } = await findEventByKeyFor(db, scope.actor, "read", key);
  // A read: an unknown guest is a missing resource, not a bad field.
  if (!(await Guest.query(db).findById(guestId).where({ eventId: event.id }))) throw AppError.notFound();
  const rows = await Recommendation.query(db)
    .where({ eventId: event.id, recommenderGuestId: guestId })
    .orderBy([{ column: "createdAt" }, { column: "id" }]);
  return withRecommenderNames(db, rows);
}

/** The recommendations of an event the actor sees, newest first, optionally of one status or recommender. */
export async function listRecommendations(
  scope: Scope,
  key: EventKey,
  request: { status?: RecommendationStatus; recommenderGuestId?: string; page?: number; perPage?: number },
): Promise<PageResult<RecommendationDetails>> {
  const db = scope.db;
  const { event } = await findEventByKeyFor(db, scope.actor, "read", key);
  const query = Recommendation.query(db)
    .where({ eventId: event.id })
    .orderBy([
      { column: "createdAt", order: "desc" },
      { column: "id", order: "desc" },
    ]);
  if (request.status) query.where({ status: request.status });
  if (request.recommenderGuestId) query.where({ recommenderGuestId: request.recommenderGuestId });
  const { rows, pagination } = await paginate(query, request);
  return { rows: await withRecommenderNames(db, rows), pagination };
}

async function pendingRecommendation(trx: Knex.Transaction, event: Event, id: string): Promise<Recommendation> {
  const recommendation = await lockForUpdate(trx, Recommendation.query(trx).findById(id).where({ eventId: event.id }));
  if (!recommendation) throw AppError.notFound();
  // pending → accepted | refused, once.
  if (recommendation.status !== "pending") throw new AppError("recommendation_already_decided", 409);
  return recommendation;
}

/**
 * Accepts a pending recommendation (editors and up): the person becomes a guest (source recommendation, prescriber =
 * the recommender's full name), or the guest of the event with that email is linked instead.
 */
export async function acceptRecommendation(scope: Scope, key: EventKey, id: string): Promise<RecommendationDetails> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  return scope.db.transaction(async (trx) => {
    const recommendation = await pendingRecommendation(trx, event, id);
    const before = snapshot(recommendation);
    const recommender = await Guest.query(trx).findById(recommendation.recommenderGuestId);
    let guest = await Guest.query(trx)
      .where({ eventId: event.id, emailNormalized: normalizeGuestEmail(recommendation.email) })
      .orderBy("createdAt")
      .first();
    if (!guest) {
      const identity = {
        firstName: recommendation.firstName,
        lastName: recommendation.lastName,
        email: recommendation.email,
        company: recommendation.company,
      };
      guest = await Guest.query(trx).insertAndFetch({
        accountId: event.accountId,
        eventId: event.id,
        ...identity,
        ...derivedGuestColumns(identity),
        status: "unanswered",
        mailStatus: "none",
        answers: {},
        companionsExpected: 0,
        createdSource: "recommendation",
        prescriber: nameOf(recommender) || null,
      });
      await recordAudit(trx, scope, {
        action: "guest.created",
        subjectType: "guest",
        subjectId: guest.id,
        accountId: event.accountId,
        eventId: event.id,
        after: { ...identity, createdSource: "recommendation", prescriber: guest.prescriber, recommendationId: id },
      });
    }
    const accepted = await Recommendation.query(trx).patchAndFetchById(id, {
      status: "accepted",
      guestId: guest.id,
      decidedAt: scope.clock.now(),
    });
    await recordAudit(trx, scope, {
      action: "recommendation.accepted",
      subjectType: "recommendation",
      subjectId: id,
      accountId: event.accountId,
      eventId: event.id,
      before,
      after: snapshot(accepted),
      ...(recommender ? { metadata: { names: { [recommender.id]: nameOf(recommender) } } } : {}),
    });
    return { recommendation: accepted, recommenderName: nameOf(recommender) };
  });
}

/** Refuses a pending recommendation (editors and up). */
export async function refuseRecommendation(scope: Scope, key: EventKey, id: string): Promise<RecommendationDetails> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  return scope.db.transaction(async (trx) => {
    const recommendation = await pendingRecommendation(trx, event, id);
    const refused = await Recommendation.query(trx).patchAndFetchById(id, {
      status: "refused",
      decidedAt: scope.clock.now(),
    });
    await recordAudit(trx, scope, {
      action: "recommendation.refused",
      subjectType: "recommendation",
      subjectId: id,
      accountId: event.accountId,
      eventId: event.id,
      before: snapshot(recommendation),
      after: snapshot(refused),
    });
    return (await withRecommenderNames(trx, [refused]))[0]!;
  });
}
