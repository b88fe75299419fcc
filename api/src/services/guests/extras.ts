import type { Knex } from "../../db/knex.ts";
import type { Guest } from "../../models/Guest.ts";
import type { Actor } from "../../policies/actor.ts";
import { canOnEvent, type EventRef, type EventTies } from "../../policies/events.ts";

/** What a page of guests needs besides its rows to be presented, loaded in a fixed number of queries. */
export interface GuestPageExtras {
  companionsCount: Map<string, number>;
  godfathers: Map<string, { id: string; fullName: string }>;
  /** What the actor may do with the event's guests. */
  abilities: { update: boolean; delete: boolean };
}

/** One guest as the services return it: the row and what its JSON needs besides. */
export interface GuestWithExtras {
  guest: Guest;
  extras: GuestPageExtras;
}

const fullName = (row: { firstName: string | null; lastName: string | null }) =>
  [row.firstName, row.lastName].filter(Boolean).join(" ");

/** Guests created by the request itself: nobody can have chosen them as godfather yet. */
interface NewGuests {
  created?: boolean;
}

/** Companion counts and godfathers of the guests: two queries whatever their number (no N+1). */
export async function loadGuestExtras(
  db: Knex | Knex.Transaction,
  guests: readonly Guest[],
  actor: Actor | undefined,
  event: EventRef,
  ties: EventTies,
  options: NewGuests = {},
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
    options.created
      ? []
      : db("guests").select("godfatherId").count({ total: "*" }).whereIn("godfatherId", ids).groupBy("godfatherId"),
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

/** One guest with its extras. */
export async function withGuestExtras(
  db: Knex | Knex.Transaction,
  guest: Guest,
  actor: Actor | undefined,
  event: EventRef,
  ties: EventTies,
  options: NewGuests = {},
): Promise<GuestWithExtras> {
  return { guest, extras: await loadGuestExtras(db, [guest], actor, event, ties, options) };
}
