import type { Action } from "@tessera/shared";
import { authorizeInAccount, authorizePlatform, isPlatformAdministrator } from "../../policies/accounts.ts";
import type { Actor } from "../../policies/actor.ts";
import type { Scope } from "../scope.ts";
import { findAccount } from "./accounts.ts";

/**
 * authorizeInAccount, then 404 when the account does not exist. Only a platform administrator can pass
 * the policy for an account that is not theirs; a member's own account exists and is active (the
 * caller was authenticated against it), so it is not read again.
 */
export async function authorizeInExistingAccount(scope: Scope, action: Action, accountId: string): Promise<void> {
  authorizeInAccount(scope.actor, action, accountId);
  if (isPlatformAdministrator(scope.actor)) await findAccount(scope.db, accountId);
}

/** Who may act on a user: the user managers of its account, or (no account) platform administrators only. */
export function authorizeUserManagement(actor: Actor | undefined, where: { accountId: string | null }): void {
  if (where.accountId) authorizeInAccount(actor, "users.manage", where.accountId);
  else authorizePlatform(actor);
}
