import type { ErrorCode } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";

/**
 * Says which of the guests about to be deleted must stay, each with the errors-catalogue key of the
 * reason (e.g. ticketing refuses guests holding a ticket: `guests_with_tickets_not_deleted`). Runs
 * inside the deleting transaction.
 */
export type GuestDeletionGuard = (
  trx: Knex.Transaction,
  guestIds: readonly string[],
) => Promise<Map<string, ErrorCode>>;

const guards: GuestDeletionGuard[] = [];

/** Later areas (ticketing, orders …) register here at import time; returns the unregister function. */
export function registerGuestDeletionGuard(guard: GuestDeletionGuard): () => void {
  guards.push(guard);
  return () => {
    const index = guards.indexOf(guard);
    if (index >= 0) guards.splice(index, 1);
  };
}

/** The refused guests and the first reason each got. */
export async function guestDeletionRefusals(
  trx: Knex.Transaction,
  guestIds: readonly string[],
): Promise<Map<string, ErrorCode>> {
  const refused = new Map<string, ErrorCode>();
  for (const guard of guards) {
    const pending = guestIds.filter((id) => !refused.has(id));
    if (!pending.length) break;
    for (const [id, reason] of await guard(trx, pending)) if (!refused.has(id)) refused.set(id, reason);
  }
  return refused;
}

/**
 * What an area does to its rows pointing at guests about to be deleted, once no guard refused them
 * (ticketing detaches the dead orders they placed). Runs inside the deleting transaction, right
 * before the guests' rows go.
 */
export type GuestDeletionStep = (trx: Knex.Transaction, guestIds: readonly string[]) => Promise<void>;

const deletionSteps: GuestDeletionStep[] = [];

/** Later areas register at import time; returns the unregister function. */
export function registerGuestDeletionStep(step: GuestDeletionStep): () => void {
  deletionSteps.push(step);
  return () => {
    const index = deletionSteps.indexOf(step);
    if (index >= 0) deletionSteps.splice(index, 1);
  };
}

export async function runGuestDeletionSteps(trx: Knex.Transaction, guestIds: readonly string[]): Promise<void> {
  if (!guestIds.length) return;
  for (const step of [...deletionSteps]) await step(trx, guestIds);
}
