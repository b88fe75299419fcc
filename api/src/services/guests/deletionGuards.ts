import type { ErrorCode } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import type { DomainHooks } from "../hooks.ts";

/**
 * Says which of the guests about to be deleted must stay, each with the errors-catalogue key of the
 * reason (e.g. ticketing refuses guests holding a ticket: `guests_with_tickets_not_deleted`). Runs
 * inside the deleting transaction.
 */
export type GuestDeletionGuard = (
  trx: Knex.Transaction,
  guestIds: readonly string[],
) => Promise<Map<string, ErrorCode>>;

/**
 * What an area does to its rows pointing at guests about to be deleted, once no guard refused them
 * (ticketing detaches the dead orders they placed). Runs inside the deleting transaction, right
 * before the guests' rows go.
 */
export type GuestDeletionStep = (trx: Knex.Transaction, guestIds: readonly string[]) => Promise<void>;

/** The refused guests and the first reason each got. */
export async function guestDeletionRefusals(
  hooks: DomainHooks,
  trx: Knex.Transaction,
  guestIds: readonly string[],
): Promise<Map<string, ErrorCode>> {
  const refused = new Map<string, ErrorCode>();
  for (const guard of hooks.guestDeletionGuards) {
    const pending = guestIds.filter((id) => !refused.has(id));
    if (!pending.length) break;
    for (const [id, reason] of await guard(trx, pending)) if (!refused.has(id)) refused.set(id, reason);
  }
  return refused;
}

export async function runGuestDeletionSteps(
  hooks: DomainHooks,
  trx: Knex.Transaction,
  guestIds: readonly string[],
): Promise<void> {
  if (!guestIds.length) return;
  for (const step of [...hooks.guestDeletionSteps]) await step(trx, guestIds);
}
