import type { Action } from "@tessera/shared";
import { AppError } from "../errors.ts";
import { canInAccount } from "./accounts.ts";
import type { Actor } from "./actor.ts";

/*
 * Who may do what with an event: this file is the whole answer. The services ask it (through
 * `findEventFor` in services/events/find.ts) before they act, whoever calls them; presenters read
 * `eventAbilities` so that the web shows only the buttons the API will accept.
 *
 * The roles that hold each action are the capability table of shared/src/permissions.ts:
 *   events.read          every member of the account (reader, editor, organizer, overseer), API keys
 *   events.readAll       overseers, platform administrators, API keys: every event of the account
 *   events.update        editors, organizers, overseers, platform administrators, editor+ API keys
 *   events.create        organizers, overseers, platform administrators, organizer+ API keys
 *   events.delete        organizers, overseers, platform administrators, organizer+ API keys
 *   events.manageAccess  overseers and platform administrators
 *   events.adminSettings platform administrators only
 */

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

/**
 * Each ability: the capability it needs, on an event the actor sees (`canSeeEvent`), and the
 * event-specific rule on top of it, if any.
 */
const EVENT_POLICY: Record<EventAbility, { action: Action; refuses?: (ties: EventTies) => AppError | null }> = {
  update: { action: "events.update" },
  archive: { action: "events.update" },
  duplicate: { action: "events.create" },
  manageAccess: { action: "events.manageAccess" },
  adminSettings: { action: "events.adminSettings" },
  delete: {
    action: "events.delete",
    // Spec §5: a user cannot remove an event linked to a team they belong to.
    refuses: (ties) =>
      ties.isLinkedToOwnTeam
        ? new AppError("event_not_deleted", 409, {
            translatedParams: { reason: "reason_linked_to_your_team" },
            details: { reason: "linked_to_your_team" },
          })
        : null,
  },
};

/** Platform administrators, overseers and the account's API keys see every event of the account. */
export function seesEveryEvent(actor: Actor | undefined, accountId: string): boolean {
  if (!actor) return false;
  if (actor.kind === "apiKey") return actor.accountId === accountId;
  return canInAccount(actor, "events.readAll", accountId);
}

/** Others (organizers, editors, readers) see the events they created, are listed on, or reach through a team. */
export function canSeeEvent(actor: Actor | undefined, event: EventRef, ties: EventTies): boolean {
  if (!canInAccount(actor, "events.read", event.accountId)) return false;
  return seesEveryEvent(actor, event.accountId) || ties.isListed;
}

export function canOnEvent(actor: Actor | undefined, ability: EventAbility, event: EventRef, ties: EventTies): boolean {
  if (!canSeeEvent(actor, event, ties)) return false;
  const rule = EVENT_POLICY[ability];
  return canInAccount(actor, rule.action, event.accountId) && !rule.refuses?.(ties);
}

/** What the actor may do with the event, as the API returns it with the event. */
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
 * outsiders and insiders alike; a visible event without the capability is 403; an event-specific
 * refusal carries its own code (409 event_not_deleted for an event linked to one of the actor's teams).
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
  const rule = EVENT_POLICY[ability];
  if (!canInAccount(actor, rule.action, event.accountId)) throw AppError.forbidden();
  const refusal = rule.refuses?.(ties);
  if (refusal) throw refusal;
}

/** Admin-only fields of spec §6: only platform administrators may send them. */
export function canSetAdminEventFields(actor: Actor | undefined, accountId: string): boolean {
  return canInAccount(actor, EVENT_POLICY.adminSettings.action, accountId);
}
