import type { GuestJson } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import type { Guest } from "../../models/Guest.ts";
import type { Actor } from "../../policies/actor.ts";
import { canOnEvent, type EventTies } from "../../policies/events.ts";

/** What a page of guests needs besides its rows, loaded in a fixed number of queries. */
export interface GuestPageExtras {
  companionsCount: Map<string, number>;
  godfathers: Map<string, { id: string; fullName: string }>;
  abilities: { update: boolean; delete: boolean };
}

const fullName = (row: { firstName: string | null; lastName: string | null }) =>
  [row.firstName, row.lastName].filter(Boolean).join(" ");

/** Companion counts and godfathers of the page: two queries whatever the page size (no N+1). */
export async function loadGuestPageExtras(
  db: Knex,
  guests: readonly Guest[],
  actor: Actor | undefined,
  event: { accountId: string },
  ties: EventTies,
): Promise<GuestPageExtras> {
  const update = canOnEvent(actor, "update", event, ties);
  const extras: GuestPageExtras = {
    companionsCount: new Map(),
    godfathers: new Map(),
    abilities: { update, delete: update },
  };
  if (!guests.length) return extras;
  const ids = guests.map((guest) => guest.id);
  const godfatherIds = [...new Set(guests.map((guest) => guest.godfatherId).filter((id): id is string => !!id))];
  const [counts, godfathers] = await Promise.all([
    db("guests").select("godfatherId").count({ total: "*" }).whereIn("godfatherId", ids).groupBy("godfatherId"),
    godfatherIds.length ? db("guests").select("id", "firstName", "lastName").whereIn("id", godfatherIds) : [],
  ]);
  for (const row of counts as { godfatherId: string; total: number | string }[]) {
    extras.companionsCount.set(row.godfatherId, Number(row.total));
  }
  for (const row of godfathers as { id: string; firstName: string | null; lastName: string | null }[]) {
    extras.godfathers.set(row.id, { id: row.id, fullName: fullName(row) });
  }
  return extras;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function presentGuest(guest: Guest, extras: GuestPageExtras): GuestJson {
  return {
    id: guest.id,
    eventId: guest.eventId,
    firstName: guest.firstName,
    lastName: guest.lastName,
    email: guest.email,
    civility: guest.civility,
    company: guest.company,
    jobTitle: guest.jobTitle,
    status: guest.status,
    companionsExpected: guest.companionsExpected,
    godfatherId: guest.godfatherId,
    prescriber: guest.prescriber,
    language: guest.language,
    registeredAt: iso(guest.registeredAt),
    answers: guest.answers ?? {},
    fullName: fullName(guest),
    mailStatus: guest.mailStatus,
    mailStatusAt: iso(guest.mailStatusAt),
    isUnsubscribed: guest.unsubscribedAt !== null || guest.mailStatus === "unsubscribed",
    createdSource: guest.createdSource,
    companionsCount: extras.companionsCount.get(guest.id) ?? 0,
    godfather: guest.godfatherId ? (extras.godfathers.get(guest.godfatherId) ?? null) : null,
    createdAt: guest.createdAt.toISOString(),
    updatedAt: guest.updatedAt.toISOString(),
    abilities: { ...extras.abilities },
  };
}
