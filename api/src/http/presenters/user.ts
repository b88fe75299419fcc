import { CAPABILITIES, type MeResponse, type User as UserJson } from "@tessera/shared";
import type { User } from "../../models/User.ts";
import { canInAccount, isPlatformAdministrator } from "../../policies/accounts.ts";
import type { Actor } from "../../policies/actor.ts";
import type { SignedInUser } from "../../services/auth/me.ts";
import { presentAccount } from "./account.ts";

/** What leaves the server about a user: never the password hash. */
export function presentUser(user: User, actor: Actor | undefined): UserJson {
  const manages = user.accountId ? canInAccount(actor, "users.manage", user.accountId) : isPlatformAdministrator(actor);
  const isSelf = actor?.kind === "user" && actor.id === user.id;
  return {
    id: user.id,
    accountId: user.accountId,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    language: user.language,
    isActive: user.isActive,
    isRegistered: user.registeredAt !== null,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    abilities: {
      update: manages || isSelf,
      changeRole: manages && !isSelf,
      delete: manages && !isSelf,
      invite: manages && user.registeredAt === null,
    },
  };
}

/** GET /auth/me: the signed-in user, their account and what their role allows. */
export function presentSignedInUser({ actor, account }: SignedInUser): MeResponse {
  return {
    user: presentUser(actor.user, actor),
    account: account ? presentAccount(account, actor) : null,
    capabilities: [...CAPABILITIES[actor.role]],
  };
}
