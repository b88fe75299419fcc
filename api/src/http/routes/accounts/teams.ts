import { teamContracts as teams } from "@tessera/shared/contracts/teams";
import { authorizeInAccount } from "../../../policies/accounts.ts";
import { presentTeam } from "../../presenters/team.ts";
import { authorizeInExistingAccount } from "../../../services/accounts/authorize.ts";
import {
  addTeamMember,
  createTeam,
  deleteTeam,
  findTeam,
  listTeams,
  removeTeamMember,
  teamView,
  updateTeam,
} from "../../../services/accounts/teams.ts";
import { route, type Route } from "../define.ts";
import { expands } from "../expand.ts";

/** /accounts/{a}/teams: every member of the account reads; overseers and platform administrators write. */
export const teamRoutes: Route[] = [
  route(teams.list, async (scope, { params, query }) => {
    await authorizeInExistingAccount(scope, "teams.read", params.a);
    const { rows, pagination } = await listTeams(scope.db, params.a, {
      ...query,
      withMembers: expands(query.expand, "members"),
    });
    return { data: rows.map((view) => presentTeam(view, scope.actor)), pagination };
  }),
  route(teams.create, async (scope, { params, body }, ctx) => {
    await authorizeInExistingAccount(scope, "teams.manage", params.a);
    return presentTeam(await createTeam(ctx, params.a, body), scope.actor);
  }),
  route(teams.get, async (scope, { params, query }) => {
    authorizeInAccount(scope.actor, "teams.read", params.a);
    const team = await findTeam(scope.db, params.a, params.id);
    return presentTeam(await teamView(scope.db, team, expands(query.expand, "members")), scope.actor);
  }),
  route(teams.update, async (scope, { params, body }, ctx) => {
    authorizeInAccount(scope.actor, "teams.manage", params.a);
    return presentTeam(await updateTeam(ctx, params.a, params.id, body), scope.actor);
  }),
  route(teams.remove, async (scope, { params }, ctx) => {
    authorizeInAccount(scope.actor, "teams.manage", params.a);
    await deleteTeam(ctx, params.a, params.id);
    return { ok: true as const };
  }),
  route(teams.addMember, async (scope, { params }, ctx) => {
    authorizeInAccount(scope.actor, "teams.manage", params.a);
    return presentTeam(await addTeamMember(ctx, params.a, params.id, params.adminId), scope.actor);
  }),
  route(teams.removeMember, async (scope, { params }, ctx) => {
    authorizeInAccount(scope.actor, "teams.manage", params.a);
    return presentTeam(await removeTeamMember(ctx, params.a, params.id, params.adminId), scope.actor);
  }),
];
