import {
  AccountParams,
  Ok,
  TeamCreate,
  TeamGetQuery,
  TeamListQuery,
  TeamMemberParams,
  TeamPage,
  TeamParams,
  TeamSchema,
  TeamUpdate,
} from "@tessera/shared";
import { authorizeInAccount } from "../../../policies/accounts.ts";
import { presentTeam } from "../../presenters/team.ts";
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
import { authorizeInExistingAccount } from "../accountScope.ts";
import { defineRoute, type Route } from "../define.ts";
import { expands } from "../expand.ts";

const TAGS = ["teams"];

/** /accounts/{a}/teams: every member of the account reads; overseers and platform administrators write. */
export const teamRoutes: Route[] = [
  defineRoute({
    method: "get",
    path: "/accounts/:a/teams",
    summary: "List the account's teams",
    description: "Alphabetically. `search` matches the name; `expand=members` adds each team's members.",
    tags: TAGS,
    params: AccountParams,
    query: TeamListQuery,
    response: TeamPage,
    errors: [404],
    handler: async (ctx, { params, query }) => {
      await authorizeInExistingAccount(ctx, "teams.read", params.a);
      const { rows, pagination } = await listTeams(ctx.deps.db, params.a, {
        ...query,
        withMembers: expands(query.expand, "members"),
      });
      return { data: rows.map((view) => presentTeam(view, ctx.state.actor)), pagination };
    },
  }),
  defineRoute({
    method: "post",
    path: "/accounts/:a/teams",
    summary: "Create a team",
    description:
      "`memberIds`: active users of the account (422 not_account_member otherwise). " +
      "409 team_name_taken when the account has a team of that name (whatever its case).",
    tags: TAGS,
    params: AccountParams,
    body: TeamCreate,
    response: TeamSchema,
    status: 201,
    errors: [403, 404, 409],
    handler: async (ctx, { params, body }) => {
      await authorizeInExistingAccount(ctx, "teams.manage", params.a);
      return presentTeam(await createTeam(ctx, params.a, body), ctx.state.actor);
    },
  }),
  defineRoute({
    method: "get",
    path: "/accounts/:a/teams/:id",
    summary: "Get a team",
    description: "`expand=members` adds its members.",
    tags: TAGS,
    params: TeamParams,
    query: TeamGetQuery,
    response: TeamSchema,
    errors: [404],
    handler: async (ctx, { params, query }) => {
      authorizeInAccount(ctx.state.actor, "teams.read", params.a);
      const team = await findTeam(ctx.deps.db, params.a, params.id);
      return presentTeam(await teamView(ctx.deps.db, team, expands(query.expand, "members")), ctx.state.actor);
    },
  }),
  defineRoute({
    method: "post",
    path: "/accounts/:a/teams/:id",
    summary: "Update a team",
    description: "Name and description; `memberIds`, when given, replaces the whole member list. Answers with members.",
    tags: TAGS,
    params: TeamParams,
    body: TeamUpdate,
    response: TeamSchema,
    errors: [403, 404, 409],
    handler: async (ctx, { params, body }) => {
      authorizeInAccount(ctx.state.actor, "teams.manage", params.a);
      return presentTeam(await updateTeam(ctx, params.a, params.id, body), ctx.state.actor);
    },
  }),
  defineRoute({
    method: "delete",
    path: "/accounts/:a/teams/:id",
    summary: "Delete a team",
    description: "Its memberships and its places on events' access lists go with it.",
    tags: TAGS,
    params: TeamParams,
    response: Ok,
    errors: [403, 404],
    handler: async (ctx, { params }) => {
      authorizeInAccount(ctx.state.actor, "teams.manage", params.a);
      await deleteTeam(ctx, params.a, params.id);
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: "put",
    path: "/accounts/:a/teams/:id/administrators/:adminId",
    summary: "Add a user to a team",
    description: "An active user of the account (422 not_account_member otherwise). Answers with members.",
    tags: TAGS,
    params: TeamMemberParams,
    response: TeamSchema,
    errors: [403, 404],
    handler: async (ctx, { params }) => {
      authorizeInAccount(ctx.state.actor, "teams.manage", params.a);
      return presentTeam(await addTeamMember(ctx, params.a, params.id, params.adminId), ctx.state.actor);
    },
  }),
  defineRoute({
    method: "delete",
    path: "/accounts/:a/teams/:id/administrators/:adminId",
    summary: "Remove a user from a team",
    description: "Nothing happens when the user is not a member. Answers with members.",
    tags: TAGS,
    params: TeamMemberParams,
    response: TeamSchema,
    errors: [403, 404],
    handler: async (ctx, { params }) => {
      authorizeInAccount(ctx.state.actor, "teams.manage", params.a);
      return presentTeam(await removeTeamMember(ctx, params.a, params.id, params.adminId), ctx.state.actor);
    },
  }),
];
