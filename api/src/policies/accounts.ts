import { roleCan, type Action } from "@tessera/shared";
import { AppError } from "../errors.ts";
import type { Actor } from "./actor.ts";

export function isPlatformAdministrator(actor: Actor | undefined): boolean {
  return actor?.kind === "user" && actor.role === "administrator";
}

/** Whether the actor may do `action` inside the account: platform administrators anywhere, others in their own account. */
export function canInAccount(actor: Actor | undefined, action: Action, accountId: string | null): boolean {
  if (!actor) return false;
  if (isPlatformAdministrator(actor)) return true;
  if (!accountId || actor.accountId !== accountId) return false;
  return roleCan(actor.role, action);
}

/**
 * Throws unless allowed. Outsiders (another account) get 404, exactly as for a missing resource, so
 * they cannot tell "forbidden" from "not found"; members lacking the right get 403.
 */
export function authorizeInAccount(actor: Actor | undefined, action: Action, accountId: string | null): void {
  if (!actor) throw AppError.unauthenticated();
  if (canInAccount(actor, action, accountId)) return;
  const isMember = isPlatformAdministrator(actor) || (accountId !== null && actor.accountId === accountId);
  throw isMember ? AppError.forbidden() : AppError.notFound();
}

/** Platform-level endpoints (/administrators, account creation): everyone else gets 404. */
export function authorizePlatform(actor: Actor | undefined): void {
  if (!actor) throw AppError.unauthenticated();
  if (!isPlatformAdministrator(actor)) throw AppError.notFound();
}
