import { teamContracts as teams } from "@tessera/shared/contracts/teams";
import { presentTeam } from "../../presenters/team.ts";
import {
  addTeamMember,
  createTeam,
  deleteTeam,
  getTeam,
  listTeams,
  removeTeamMember,
  updateTeam,
} from "../../../services/accounts/teams.ts";
import { route, type Route } from "../define.ts";
import { expands } from "../expand.ts";

/** /accounts/{a}/teams: every member of the account reads; overseers and platform administrators write. */
export const teamRoutes: Route[] = [
  route(teams.list, async (scope, { params, query }) => {
    const withMembers = expands(query.expand, "members");
    const { rows, pagination } = await listTeams(scope, params.a, { ...query, withMembers });
    return { data: rows.map((view) => presentTeam(view, scope.actor)), pagination };
  }),
  route(teams.create, async (scope, { params, body }) =>
    presentTeam(await createTeam(scope, params.a, body), scope.actor),
  ),
  route(teams.get, async (scope, { params, query }) =>
    presentTeam(await getTeam(scope, params.a, params.id, expands(query.expand, "members")), scope.actor),
  ),
  route(teams.update, async (scope, { params, body }) =>
    presentTeam(await updateTeam(scope, params.a, params.id, body), scope.actor),
  ),
  route(teams.remove, async (scope, { params }) => {
    await deleteTeam(scope, params.a, params.id);
    return { ok: true as const };
  }),
  route(teams.addMember, async (scope, { params }) =>
    presentTeam(await addTeamMember(scope, params.a, params.id, params.adminId), scope.actor),
  ),
  route(teams.removeMember, async (scope, { params }) =>
    presentTeam(await removeTeamMember(scope, params.a, params.id, params.adminId), scope.actor),
  ),
];
