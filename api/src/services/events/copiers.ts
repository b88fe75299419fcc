import type { Knex } from "../../db/knex.ts";
import type { Event } from "../../models/Event.ts";
import type { Scope } from "../scope.ts";

export interface EventCopyInput {
  from: Event;
  to: Event;
  scope: Scope;
}

/**
 * What a domain copies when an event is duplicated (custom fields now; forms, campaigns … later). The
 * duplication runs every copier wired in wiring.ts inside its own transaction, in order, so a failing
 * copier leaves no half-copied event.
 */
export type EventCopier = (trx: Knex.Transaction, input: EventCopyInput) => Promise<void>;

export async function runEventCopiers(trx: Knex.Transaction, input: EventCopyInput): Promise<void> {
  for (const copier of [...input.scope.deps.hooks.eventCopiers]) await copier(trx, input);
}
