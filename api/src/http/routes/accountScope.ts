import type { Action } from "@tessera/shared";
import type { ApiContext } from "../context.ts";
import { authorizeInAccount, isPlatformAdministrator } from "../../policies/accounts.ts";
import { findAccount } from "../../services/accounts/accounts.ts";

/**
 * authorizeInAccount, then 404 when the account does not exist. Only a platform administrator can pass
 * the policy for an account that is not theirs; a member's own account exists and is active (authenticate
 * checked it), so it is not read again.
 */
export async function authorizeInExistingAccount(ctx: ApiContext, action: Action, accountId: string): Promise<void> {
  authorizeInAccount(ctx.state.actor, action, accountId);
  if (isPlatformAdministrator(ctx.state.actor)) await findAccount(ctx.deps.db, accountId);
}
