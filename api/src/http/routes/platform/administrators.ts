import {
  AccountList,
  AdministratorCreate,
  AdministratorListQuery,
  AdministratorUpdate,
  IdParams,
  Ok,
  UserPage,
  UserSchema,
} from "@tessera/shared";
import { authorizePlatform } from "../../../policies/accounts.ts";
import { presentAccount } from "../../presenters/account.ts";
import { presentUser } from "../../presenters/user.ts";
import { accountsOfUser } from "../../../services/accounts/accounts.ts";
import { createUser, deleteUser, findUser, listUsers, updateUserAsPlatform } from "../../../services/accounts/users.ts";
import { defineRoute, type Route } from "../define.ts";

const TAGS = ["administrators"];

/** /administrators: every user of the platform, for platform administrators only (anyone else: 404). */
export const administratorRoutes: Route[] = [
  defineRoute({
    method: "get",
    path: "/administrators",
    summary: "List the users of the platform",
    description: "`search` matches names and email; `accountId` and `role` filter.",
    tags: TAGS,
    query: AdministratorListQuery,
    response: UserPage,
    errors: [404],
    handler: async (ctx, { query }) => {
      authorizePlatform(ctx.state.actor);
      const { rows, pagination } = await listUsers(ctx.deps.db, query);
      return { data: rows.map((user) => presentUser(user, ctx.state.actor)), pagination };
    },
  }),
  defineRoute({
    method: "post",
    path: "/administrators",
    summary: "Create a user and email the invitation",
    description:
      "Role administrator: a platform administrator, with no account. Any other role needs the `accountId` " +
      "of an existing account (422 otherwise) and, except readers, a free organizer seat there " +
      "(409 max_organizers_reached). 409 email_taken when the address is used.",
    tags: TAGS,
    body: AdministratorCreate,
    response: UserSchema,
    status: 201,
    errors: [404, 409],
    handler: async (ctx, { body }) => {
      authorizePlatform(ctx.state.actor);
      return presentUser(await createUser(ctx, { ...body, accountId: body.accountId ?? null }), ctx.state.actor);
    },
  }),
  defineRoute({
    method: "post",
    path: "/administrators/:id",
    summary: "Update a user",
    description:
      "Names, language, role, account and activity. Role administrator goes with no account, any other role " +
      "with one (422). Deactivating ends the user's sessions. Administrators cannot change their own role, " +
      "account or activity (403); the last active platform administrator stays one (409 last_administrator).",
    tags: TAGS,
    params: IdParams,
    body: AdministratorUpdate,
    response: UserSchema,
    errors: [403, 404, 409],
    handler: async (ctx, { params, body }) => {
      authorizePlatform(ctx.state.actor);
      return presentUser(await updateUserAsPlatform(ctx, params.id, body), ctx.state.actor);
    },
  }),
  defineRoute({
    method: "delete",
    path: "/administrators/:id",
    summary: "Delete a user",
    description:
      "Never oneself (409 cannot_delete_self), never the last active platform administrator (409 last_administrator).",
    tags: TAGS,
    params: IdParams,
    response: Ok,
    errors: [404, 409],
    handler: async (ctx, { params }) => {
      authorizePlatform(ctx.state.actor);
      await deleteUser(ctx, params.id, { accountId: null });
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: "get",
    path: "/administrators/:id/accounts",
    summary: "The accounts a user can work in",
    description: "The user's own account, or every account for a platform administrator.",
    tags: TAGS,
    params: IdParams,
    response: AccountList,
    errors: [404],
    handler: async (ctx, { params }) => {
      authorizePlatform(ctx.state.actor);
      const user = await findUser(ctx.deps.db, params.id);
      const accounts = await accountsOfUser(ctx.deps.db, user);
      return { data: accounts.map((account) => presentAccount(account, ctx.state.actor)) };
    },
  }),
];
