import type { Action } from "@tessera/shared";
import { AppError } from "../errors.ts";
import { canInAccount } from "./accounts.ts";
import type { Actor } from "./actor.ts";

/** How the acting user is tied to one event (loaded by the events services; API keys have no ties). */
export interface EventTies {
  /** Created it, or is on its user list, or belongs to a team on its team list. */
  isListed: boolean;
  /** One of the actor's teams is on the event's team list (spec §5: such an event cannot be removed by them). */
  isLinkedToOwnTeam: boolean;
}

export const NO_TIES: EventTies = { isListed: false, isLinkedToOwnTeam: false };

export interface EventRef {
  accountId: string;
}

export const EVENT_ABILITIES = ["update", "delete", "duplicate", "archive", "manageAccess", "adminSettings"] as const;
export type EventAbility = (typeof EVENT_ABILITIES)[number];

const ABILITY_ACTIONS: Record<EventAbility, Action> = {
  update: "events.update",
  delete: "events.delete",
  duplicate: "events.create",
  archive: "events.update",
  manageAccess: "events.manageAccess",
  adminSettings: "events.adminSettings",
};

/** Platform administrators, overseers and the account's API keys see every event of the account. */
export function seesEveryEvent(actor: Actor | undefined, accountId: string): boolean {
  if (!actor) return false;
  if (actor.kind === "apiKey") return actor.accountId === accountId;
  return canInAccount(actor, "events.readAll", accountId);
}

/** Others (organizers, editors, readers) see the events they are tied to. */
export function canSeeEvent(actor: Actor | undefined, event: EventRef, ties: EventTies): boolean {
  if (!canInAccount(actor, "events.read", event.accountId)) return false;
  return seesEveryEvent(actor, event.accountId) || ties.isListed;
}

export function canOnEvent(actor: Actor | undefined, ability: EventAbility, event: EventRef, ties: EventTies): boolean {
  if (!canSeeEvent(actor, event, ties)) return false;
  if (!canInAccount(actor, ABILITY_ACTIONS[ability], event.accountId)) return false;
  return ability === "delete" ? !ties.isLinkedToOwnTeam : true;
}

export function eventAbilities(
  actor: Actor | undefined,
  event: EventRef,
  ties: EventTies,
): Record<EventAbility, boolean> {
  return Object.fromEntries(
    EVENT_ABILITIES.map((ability) => [ability, canOnEvent(actor, ability, event, ties)]),
  ) as Record<EventAbility, boolean>;
}

/**
 * Throws unless the actor may act on the event. An event the actor cannot see is missing (404), for
 * outsiders and insiders alike; a visible event without the right is 403. Deleting an event linked
 * to one of the actor's teams is refused by the delete service with its own reason, not here.
 */
export function authorizeEvent(
  actor: Actor | undefined,
  ability: EventAbility | "read",
  event: EventRef | undefined,
  ties: EventTies,
): asserts event is EventRef {
  if (!actor) throw AppError.unauthenticated();
  if (!event || !canSeeEvent(actor, event, ties)) throw AppError.notFound();
  if (ability === "read") return;
  if (!canInAccount(actor, ABILITY_ACTIONS[ability], event.accountId)) throw AppError.forbidden();
}

/** Admin-only fields of spec §6: only platform administrators may send them. */
export function canSetAdminEventFields(actor: Actor | undefined, accountId: string): boolean {
  return canInAccount(actor, "events.adminSettings", accountId);
}
