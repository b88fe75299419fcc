import type { Knex } from "../../db/knex.ts";
import type { DomainHooks } from "../hooks.ts";

export interface GuestMergeInput {
  /** The guest that stays. */
  keepId: string;
  /** The guest folded into it, deleted once every step has run. */
  mergeId: string;
  eventId: string;
  accountId: string;
  /** The merge's moment (the scope's clock). */
  now: Date;
  /** The user merging, if a user is (an API key merges too). */
  actorUserId: string | null;
}

/**
 * What an area moves from the merged guest to the kept one (check-ins, orders, campaign recipients …).
 * Runs inside the merge transaction, before the merged guest is deleted: rows still pointing at it
 * then would be cascaded away or block the delete.
 */
export type GuestMergeStep = (trx: Knex.Transaction, input: GuestMergeInput) => Promise<void>;

export async function runGuestMergeSteps(
  hooks: DomainHooks,
  trx: Knex.Transaction,
  input: GuestMergeInput,
): Promise<void> {
  for (const step of [...hooks.guestMergeSteps]) await step(trx, input);
}
