import type { TeamJson } from "@tessera/shared";
import { canInAccount } from "../../policies/accounts.ts";
import type { Actor } from "../../policies/actor.ts";
import type { TeamView } from "../../services/accounts/teams.ts";
import { presentUser } from "./user.ts";

export function presentTeam(view: TeamView, actor: Actor | undefined): TeamJson {
  const { team } = view;
  const manages = canInAccount(actor, "teams.manage", team.accountId);
  return {
    id: team.id,
    accountId: team.accountId,
    name: team.name,
    description: team.description,
    memberCount: view.memberCount,
    ...(view.members ? { members: view.members.map((user) => presentUser(user, actor)) } : {}),
    createdAt: team.createdAt.toISOString(),
    updatedAt: team.updatedAt.toISOString(),
    abilities: { update: manages, delete: manages, manageMembers: manages },
  };
}
