import type { DuplicatePairJson } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import type { Guest } from "../../models/Guest.ts";
import type { Actor } from "../../policies/actor.ts";
import type { EventTies } from "../../policies/events.ts";
import { loadGuestPageExtras, presentGuest } from "./guest.ts";
import type { DuplicatePair } from "../../services/guests/duplicates.ts";

/** A page of pairs, both guests presented like the guest list (extras loaded once for the page). */
export async function presentDuplicatePairs(
  db: Knex,
  pairs: readonly DuplicatePair[],
  actor: Actor | undefined,
  event: { accountId: string },
  ties: EventTies,
): Promise<DuplicatePairJson[]> {
  const guests = new Map<string, Guest>(pairs.flatMap((pair) => pair.guests.map((guest) => [guest.id, guest])));
  const extras = await loadGuestPageExtras(db, [...guests.values()], actor, event, ties);
  return pairs.map((pair) => ({
    guests: [presentGuest(pair.guests[0], extras), presentGuest(pair.guests[1], extras)],
    reason: pair.reason,
    reasons: pair.reasons,
  }));
}
