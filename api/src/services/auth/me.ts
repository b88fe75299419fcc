import { AppError } from "../../errors.ts";
import type { Account } from "../../models/Account.ts";
import type { Actor } from "../../policies/actor.ts";
import { findAccount } from "../accounts/accounts.ts";
import type { Scope } from "../scope.ts";

export interface SignedInUser {
  actor: Extract<Actor, { kind: "user" }>;
  /** null for platform administrators, who belong to no account. */
  account: Account | null;
}

/** The signed-in user and their account. API keys have no user: 403. */
export async function getSignedInUser(scope: Scope): Promise<SignedInUser> {
  const actor = scope.actor;
  if (actor?.kind !== "user") throw AppError.forbidden();
  return { actor, account: actor.accountId ? await findAccount(scope.db, actor.accountId) : null };
}
