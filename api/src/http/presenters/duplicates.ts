import type { DuplicatePairJson } from "@tessera/shared";
import type { GuestPageExtras } from "../../services/guests/extras.ts";
import type { DuplicatePair } from "../../services/guests/duplicates.ts";
import { presentGuest } from "./guest.ts";

/** A page of pairs, both guests presented like the guest list (extras loaded once for the page). */
export function presentDuplicatePairs(pairs: readonly DuplicatePair[], extras: GuestPageExtras): DuplicatePairJson[] {
  return pairs.map((pair) => ({
    guests: [presentGuest(pair.guests[0], extras), presentGuest(pair.guests[1], extras)],
    reason: pair.reason,
    reasons: pair.reasons,
  }));
}
