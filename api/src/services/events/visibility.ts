import type { QueryBuilder } from "objection";
import type { Knex } from "../../db/knex.ts";
import type { Event } from "../../models/Event.ts";
import { NO_TIES, seesEveryEvent, type EventRef, type EventTies } from "../../policies/events.ts";
import type { Actor } from "../../policies/actor.ts";

type Db = Knex | Knex.Transaction;

/** Ids of the events a user is on through one of their teams. */
function teamEventIds(db: Db, userId: string) {
  return db("eventTeams")
    .join("teamMembers", "teamMembers.teamId", "eventTeams.teamId")
    .where("teamMembers.userId", userId)
    .select("eventTeams.eventId");
}

/** Restricts an events query to what the actor may see inside `accountId` (account scoping included). */
export function scopeToVisibleEvents(
  db: Db,
  query: QueryBuilder<Event, Event[]>,
  actor: Actor | undefined,
  accountId: string,
): QueryBuilder<Event, Event[]> {
  query.where({ accountId });
  if (seesEveryEvent(actor, accountId)) return query;
  const userId = actor?.kind === "user" ? actor.id : null;
  if (!userId) return query.whereRaw("1 = 0");
  return query.where((visible) => {
    visible
      .where("createdBy", userId)
      .orWhereIn("id", db("eventUsers").where({ userId }).select("eventId"))
      .orWhereIn("id", teamEventIds(db, userId));
  });
}

/** The actor's ties to each event, in two queries whatever the number of events. */
export async function loadEventTies(
  db: Db,
  actor: Actor | undefined,
  events: readonly Pick<Event, "id" | "createdBy">[],
): Promise<Map<string, EventTies>> {
  const ties = new Map<string, EventTies>(events.map((event) => [event.id, NO_TIES]));
  if (actor?.kind !== "user" || !events.length) return ties;
  const ids = events.map((event) => event.id);
  const [listed, viaTeams] = await Promise.all([
    db("eventUsers").whereIn("eventId", ids).where({ userId: actor.id }).select("eventId"),
    teamEventIds(db, actor.id).whereIn("eventTeams.eventId", ids),
  ]);
  const listedIds = new Set((listed as { eventId: string }[]).map((row) => row.eventId));
  const teamIds = new Set((viaTeams as { eventId: string }[]).map((row) => row.eventId));
  for (const event of events) {
    ties.set(event.id, {
      isListed: event.createdBy === actor.id || listedIds.has(event.id) || teamIds.has(event.id),
      isLinkedToOwnTeam: teamIds.has(event.id),
    });
  }
  return ties;
}

/** The columns `selectTies` adds to an event row. */
interface TieColumns {
  tieListed?: unknown;
  tieViaTeam?: unknown;
}

/**
 * Reads the actor's ties to the events of `query` in the same statement (two EXISTS on the events' ids),
 * saving a round trip on every event-scoped request; `takeTies` reads them back from each row.
 */
export function selectTies<Q extends QueryBuilder<Event, Event | undefined>>(
  db: Db,
  query: Q,
  actor: Actor | undefined,
): Q {
  if (actor?.kind !== "user") return query;
  const listed = db("eventUsers")
    .select(db.raw("1"))
    .whereRaw("?? = ??", ["eventUsers.eventId", "events.id"])
    .where("eventUsers.userId", actor.id);
  const viaTeam = teamEventIds(db, actor.id).whereRaw("?? = ??", ["eventTeams.eventId", "events.id"]);
  return query.select(
    "events.*",
    db.raw("exists ? as ??", [listed, "tieListed"]),
    db.raw("exists ? as ??", [viaTeam, "tieViaTeam"]),
  ) as Q;
}

/** The actor's ties to an event read with `selectTies` (the extra columns leave the model). */
export function takeTies(event: Event, actor: Actor | undefined): EventTies {
  const row = event as Event & TieColumns;
  const listed = Boolean(row.tieListed);
  const viaTeam = Boolean(row.tieViaTeam);
  delete row.tieListed;
  delete row.tieViaTeam;
  if (actor?.kind !== "user") return NO_TIES;
  return { isListed: event.createdBy === actor.id || listed || viaTeam, isLinkedToOwnTeam: viaTeam };
}

/** The columns `selectEventAccess` adds to each row, as a row read under AS_STORED and made a model names them. */
interface AccessColumns extends TieColumns {
  accessAccountId?: unknown;
  accessCreatedBy?: unknown;
}

/**
 * Adds to each row of `query` (rows of one event: a page of its guests …) what the actor's access to that
 * event depends on: the event found in the account, its creator and the actor's ties. The subqueries do not
 * depend on the row, so each runs once per statement: the rows and their access check are one round trip.
 * `takeEventAccess` reads them back; with no row, ask `findEventFor`.
 */
export function selectEventAccess(
  db: Db,
  query: Knex.QueryBuilder,
  actor: Actor | undefined,
  accountId: string,
  eventId: string,
): void {
  const event = () => db("events").where({ "events.id": eventId, "events.accountId": accountId });
  query.select({
    accessAccountId: event().select("events.accountId"),
    accessCreatedBy: event().select("events.createdBy"),
  });
  if (actor?.kind !== "user") return;
  const listed = db("eventUsers")
    .select(db.raw("1"))
    .where({ "eventUsers.eventId": eventId, "eventUsers.userId": actor.id });
  const viaTeam = teamEventIds(db, actor.id).where("eventTeams.eventId", eventId);
  query.select(db.raw("exists ? as ??", [listed, "tieListed"]), db.raw("exists ? as ??", [viaTeam, "tieViaTeam"]));
}

/**
 * The event and the actor's ties as `selectEventAccess` read them on a row; undefined when the event is not
 * in the account.
 */
export function takeEventAccess(
  row: object,
  actor: Actor | undefined,
): { event: EventRef; ties: EventTies } | undefined {
  const { accessAccountId, accessCreatedBy, tieListed, tieViaTeam } = row as AccessColumns;
  if (typeof accessAccountId !== "string") return undefined;
  const event = { accountId: accessAccountId };
  if (actor?.kind !== "user") return { event, ties: NO_TIES };
  const viaTeam = Boolean(tieViaTeam);
  return {
    event,
    ties: { isListed: accessCreatedBy === actor.id || Boolean(tieListed) || viaTeam, isLinkedToOwnTeam: viaTeam },
  };
}
