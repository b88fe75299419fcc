import { sortableText } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import type { Event } from "../../models/Event.ts";
import { Image } from "../../models/Image.ts";
import { Team } from "../../models/Team.ts";
import { User } from "../../models/User.ts";
import type { Actor } from "../../policies/actor.ts";
import { NO_TIES, type EventTies } from "../../policies/events.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { IMAGE_FIELDS } from "./fields.ts";
import { foldLater, readGuestCounts, type GuestCounts } from "./guestTallies.ts";
import type { Scope } from "../scope.ts";
import { findEventFor } from "./find.ts";
import { loadEventTies } from "./visibility.ts";

type Db = Knex | Knex.Transaction;

export interface EventAccess {
  users: User[];
  teams: { team: Team; memberCount: number }[];
}

/** An event with what its JSON needs besides its own row. */
export interface EventDetails {
  event: Event;
  ties: EventTies;
  customDomains: string[];
  images: Map<string, Image>;
  /** In the events list only (its cards show them). */
  guestCounts?: GuestCounts;
  access?: EventAccess;
}

/**
 * Domains, images and the actor's ties of many events in a fixed number of queries (no N+1); their guest
 * counts too when `guestCounts` is asked (the events list), folding afterwards tallies that have piled up.
 */
export async function loadEventDetails(
  db: Db,
  actor: Actor | undefined,
  events: readonly Event[],
  options: { guestCounts?: { jobs: JobQueue } } = {},
): Promise<EventDetails[]> {
  if (!events.length) return [];
  const ids = events.map((event) => event.id);
  const imageIds = [...new Set(events.flatMap((event) => IMAGE_FIELDS.map((field) => event[field])))].filter(
    (id): id is string => Boolean(id),
  );
  const [domainRows, images, ties, guests] = await Promise.all([
    db("eventDomains").whereIn("eventId", ids).orderBy("domain").select("eventId", "domain"),
    imageIds.length ? Image.query(db).whereIn("id", imageIds) : Promise.resolve([] as Image[]),
    loadEventTies(db, actor, events),
    options.guestCounts ? readGuestCounts(db, ids) : undefined,
  ]);
  if (options.guestCounts && guests?.crowded.length) await foldLater(options.guestCounts.jobs, guests.crowded);
  const domains = new Map<string, string[]>();
  for (const row of domainRows as { eventId: string; domain: string }[]) {
    domains.set(row.eventId, [...(domains.get(row.eventId) ?? []), row.domain]);
  }
  const imagesById = new Map(images.map((image) => [image.id, image]));
  return events.map((event) => ({
    event,
    ties: ties.get(event.id) ?? NO_TIES,
    customDomains: domains.get(event.id) ?? [],
    images: imagesById,
    ...(guests ? { guestCounts: guests.counts.get(event.id)! } : {}),
  }));
}

export async function loadOneEventDetails(
  db: Db,
  actor: Actor | undefined,
  event: Event,
  options: { withAccess?: boolean } = {},
): Promise<EventDetails> {
  const [details] = await loadEventDetails(db, actor, [event]);
  if (options.withAccess) details!.access = await loadEventAccess(db, event.id);
  return details!;
}

/** The users and teams on the event's access lists. */
export async function loadEventAccess(db: Db, eventId: string): Promise<EventAccess> {
  const [users, teams] = await Promise.all([
    User.query(db)
      .whereIn("id", db("eventUsers").where({ eventId }).select("userId"))
      .orderByRaw(`${sortableText(db)}, ${sortableText(db)}, ??`, ["lastName", "firstName", "id"]),
    Team.query(db)
      .whereIn("id", db("eventTeams").where({ eventId }).select("teamId"))
      .orderByRaw(`${sortableText(db)}, ??`, ["name", "id"]),
  ]);
  const counts = teams.length
    ? ((await db("teamMembers")
        .whereIn(
          "teamId",
          teams.map((team) => team.id),
        )
        .groupBy("teamId")
        .select("teamId")
        .count({ count: "*" })) as { teamId: string; count: number | string }[])
    : [];
  const countOf = new Map(counts.map((row) => [row.teamId, Number(row.count)]));
  return { users, teams: teams.map((team) => ({ team, memberCount: countOf.get(team.id) ?? 0 })) };
}

/** One event the actor sees (404 otherwise), with its access lists when asked for. */
export async function getEvent(
  scope: Scope,
  accountId: string,
  eventId: string,
  options: { withAccess?: boolean } = {},
): Promise<EventDetails> {
  const { event } = await findEventFor(scope.db, scope.actor, "read", accountId, eventId);
  return loadOneEventDetails(scope.db, scope.actor, event, options);
}
