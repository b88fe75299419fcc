import { AccountParams, Ok } from "../schemas/common.ts";
import {
  TeamCreate,
  TeamGetQuery,
  TeamListQuery,
  TeamMemberParams,
  TeamPage,
  TeamParams,
  TeamSchema,
  TeamUpdate,
} from "../schemas/teams.ts";
import { contract } from "./contract.ts";

const tags = ["teams"];

/** /accounts/{a}/teams: every member of the account reads; overseers and platform administrators write. */
export const teamContracts = {
  list: contract({
    method: "get",
    path: "/accounts/:a/teams",
    summary: "List the account's teams",
    description: "Alphabetically. `search` matches the name; `expand=members` adds each team's members.",
    tags,
    params: AccountParams,
    query: TeamListQuery,
    response: TeamPage,
    errors: [404],
  }),
  create: contract({
    method: "post",
    path: "/accounts/:a/teams",
    summary: "Create a team",
    description:
      "`memberIds`: active users of the account (422 not_account_member otherwise). " +
      "409 team_name_taken when the account has a team of that name (whatever its case).",
    tags,
    params: AccountParams,
    body: TeamCreate,
    response: TeamSchema,
    status: 201,
    errors: [403, 404, 409],
  }),
  get: contract({
    method: "get",
    path: "/accounts/:a/teams/:id",
    summary: "Get a team",
    description: "`expand=members` adds its members.",
    tags,
    params: TeamParams,
    query: TeamGetQuery,
    response: TeamSchema,
    errors: [404],
  }),
  update: contract({
    method: "post",
    path: "/accounts/:a/teams/:id",
    summary: "Update a team",
    description: "Name and description; `memberIds`, when given, replaces the whole member list. Answers with members.",
    tags,
    params: TeamParams,
    body: TeamUpdate,
    response: TeamSchema,
    errors: [403, 404, 409],
  }),
  remove: contract({
    method: "delete",
    path: "/accounts/:a/teams/:id",
    summary: "Delete a team",
    description: "Its memberships and its places on events' access lists go with it.",
    tags,
    params: TeamParams,
    response: Ok,
    errors: [403, 404],
  }),
  addMember: contract({
    method: "put",
    path: "/accounts/:a/teams/:id/administrators/:adminId",
    summary: "Add a user to a team",
    description: "An active user of the account (422 not_account_member otherwise). Answers with members.",
    tags,
    params: TeamMemberParams,
    response: TeamSchema,
    errors: [403, 404],
  }),
  removeMember: contract({
    method: "delete",
    path: "/accounts/:a/teams/:id/administrators/:adminId",
    summary: "Remove a user from a team",
    description: "Nothing happens when the user is not a member. Answers with members.",
    tags,
    params: TeamMemberParams,
    response: TeamSchema,
    errors: [403, 404],
  }),
};
