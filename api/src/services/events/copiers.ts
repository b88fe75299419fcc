import type { ApiContext } from "../../http/context.ts";
import type { Knex } from "../../db/knex.ts";
import type { Event } from "../../models/Event.ts";

/**
 * What a domain copies when an event is duplicated. Later areas (guests, forms, campaigns …) register
 * one at module load; the duplication runs every copier inside its own transaction, in registration
 * order, so a failing copier leaves no half-copied event.
 */
export type EventCopier = (trx: Knex.Transaction, input: { from: Event; to: Event; ctx: ApiContext }) => Promise<void>;

const copiers = new Map<string, EventCopier>();

/** Registers (or replaces, for the same name) what a domain copies; returns a function that removes it. */
export function registerEventCopier(name: string, copier: EventCopier): () => void {
  copiers.set(name, copier);
  return () => {
    if (copiers.get(name) === copier) copiers.delete(name);
  };
}

export async function runEventCopiers(trx: Knex.Transaction, input: { from: Event; to: Event; ctx: ApiContext }) {
  for (const copier of copiers.values()) await copier(trx, input);
}
