import type { EventCopier } from "./events/copiers.ts";
import type { GuestDeletionGuard, GuestDeletionStep } from "./guests/deletionGuards.ts";
import type { GuestMergeStep } from "./guests/mergeSteps.ts";

/**
 * What one area does when another deletes, merges or copies its rows. Nothing registers itself on
 * import: wiring.ts lists every hook, and the server, the job workers, the scripts and the tests all
 * get the same list from it.
 */
export interface DomainHooks {
  /** Refuse guests about to be deleted (ticketing: ticket holders and buyers). */
  guestDeletionGuards: GuestDeletionGuard[];
  /** Tidy the rows pointing at guests about to be deleted, once no guard refused them. */
  guestDeletionSteps: GuestDeletionStep[];
  /** Move an area's rows from a merged guest to the one kept. */
  guestMergeSteps: GuestMergeStep[];
  /** Copy an area's rows when an event is duplicated, in this order. */
  eventCopiers: EventCopier[];
}

/** Adds a hook to one of the lists (tests add their own); returns the function that takes it away. */
export function addHook<T>(list: T[], hook: T): () => void {
  list.push(hook);
  return () => {
    const index = list.indexOf(hook);
    if (index >= 0) list.splice(index, 1);
  };
}
