import { IdParams, Ok } from "../schemas/common.ts";
import {
  AccountList,
  AdministratorCreate,
  AdministratorListQuery,
  AdministratorUpdate,
  UserPage,
  UserSchema,
} from "../schemas/users.ts";
import { contract } from "./contract.ts";

const tags = ["administrators"];

/** /administrators: every user of the platform, for platform administrators only (anyone else: 404). */
export const administratorContracts = {
  list: contract({
    method: "get",
    path: "/administrators",
    summary: "List the users of the platform",
    description: "`search` matches names and email; `accountId` and `role` filter.",
    tags,
    query: AdministratorListQuery,
    response: UserPage,
    errors: [404],
  }),
  create: contract({
    method: "post",
    path: "/administrators",
    summary: "Create a user and email the invitation",
    description:
      "Role administrator: a platform administrator, with no account. Any other role needs the `accountId` " +
      "of an existing account (422 otherwise) and, except readers, a free organizer seat there " +
      "(409 max_organizers_reached). 409 email_taken when the address is used in that account (or among platform administrators); another account's address is answered as a new one.",
    tags,
    body: AdministratorCreate,
    response: UserSchema,
    status: 201,
    errors: [404, 409],
  }),
  update: contract({
    method: "post",
    path: "/administrators/:id",
    summary: "Update a user",
    description:
      "Names, language, role, account and activity. Role administrator goes with no account, any other role " +
      "with one (422). Deactivating ends the user's sessions. Administrators cannot change their own role, " +
      "account or activity (403); the last active platform administrator stays one (409 last_administrator).",
    tags,
    params: IdParams,
    body: AdministratorUpdate,
    response: UserSchema,
    errors: [403, 404, 409],
  }),
  remove: contract({
    method: "delete",
    path: "/administrators/:id",
    summary: "Delete a user",
    description:
      "Never oneself (409 cannot_delete_self), never the last active platform administrator (409 last_administrator).",
    tags,
    params: IdParams,
    response: Ok,
    errors: [404, 409],
  }),
  accounts: contract({
    method: "get",
    path: "/administrators/:id/accounts",
    summary: "The accounts a user can work in",
    description: "The user's own account, or every account for a platform administrator.",
    tags,
    params: IdParams,
    response: AccountList,
    errors: [404],
  }),
};
