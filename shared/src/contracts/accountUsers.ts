import { AccountIdParams, AccountParams, Ok } from "../schemas/common.ts";
import { AccountUserCreate, AccountUserListQuery, AccountUserUpdate, UserPage, UserSchema } from "../schemas/users.ts";
import { contract } from "./contract.ts";

const tags = ["account users"];

/** /accounts/{a}/administrators: the users of one account. */
export const accountUserContracts = {
  list: contract({
    method: "get",
    path: "/accounts/:a/administrators",
    summary: "List the account's users",
    description: "Any member of the account. `search` matches names and email; `role` filters.",
    tags,
    params: AccountParams,
    query: AccountUserListQuery,
    response: UserPage,
    errors: [404],
  }),
  create: contract({
    method: "post",
    path: "/accounts/:a/administrators",
    summary: "Create a user of the account and email the invitation",
    description:
      "Overseers and platform administrators. A user taking an organizer seat (every role but reader) " +
      "needs a free seat: 409 max_organizers_reached otherwise. 409 email_taken when the address is used in that account (or among platform administrators); another account's address is answered as a new one.",
    tags,
    params: AccountParams,
    body: AccountUserCreate,
    response: UserSchema,
    status: 201,
    errors: [403, 404, 409],
  }),
  get: contract({
    method: "get",
    path: "/accounts/:a/administrators/:id",
    summary: "Get a user of the account",
    tags,
    params: AccountIdParams,
    response: UserSchema,
    errors: [404],
  }),
  update: contract({
    method: "put",
    path: "/accounts/:a/administrators/:id",
    summary: "Update a user of the account",
    description:
      "Overseers and platform administrators update anyone's names, language and role; every user may " +
      "update their own names and language, not their own role (403).",
    tags,
    params: AccountIdParams,
    body: AccountUserUpdate,
    response: UserSchema,
    errors: [403, 404, 409],
  }),
  remove: contract({
    method: "delete",
    path: "/accounts/:a/administrators/:id",
    summary: "Remove a user of the account",
    description: "Overseers and platform administrators; never oneself (409 cannot_delete_self).",
    tags,
    params: AccountIdParams,
    response: Ok,
    errors: [403, 404, 409],
  }),
  invite: contract({
    method: "post",
    path: "/accounts/:a/administrators/:id/invite",
    summary: "Email the invitation (again)",
    description:
      "Overseers and platform administrators. Issues a new registration link (earlier ones stop working), " +
      "valid 7 days. 409 already_registered once the user has completed an invitation.",
    tags,
    params: AccountIdParams,
    response: Ok,
    errors: [403, 404, 409],
  }),
};
