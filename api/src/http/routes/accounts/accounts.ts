import {
  ACCOUNT_LIMIT_FIELDS,
  AccountCreate,
  AccountIdParams,
  AccountListQuery,
  AccountPage,
  AccountParams,
  AccountSchema,
  AccountUpdate,
  AccountUserCreate,
  AccountUserListQuery,
  AccountUserUpdate,
  Ok,
  UserPage,
  UserSchema,
} from "@tessera/shared";
import { authorizeInAccount, authorizePlatform } from "../../../policies/accounts.ts";
import { actorUserId } from "../../../policies/actor.ts";
import { presentAccount } from "../../presenters/account.ts";
import { presentUser } from "../../presenters/user.ts";
import { createAccount, findAccount, listAccounts, updateAccount } from "../../../services/accounts/accounts.ts";
import { reinviteUser } from "../../../services/accounts/invitations.ts";
import {
  createUser,
  deleteUser,
  ensureCanAssignRole,
  findAccountUser,
  listUsers,
  updateAccountUser,
} from "../../../services/accounts/users.ts";
import { authorizeInExistingAccount } from "../accountScope.ts";
import { defineRoute, type Route } from "../define.ts";

const TAGS = ["accounts"];
const USER_TAGS = ["account users"];

/** /accounts and /accounts/{a}: the platform's accounts (platform administrators) and one account (its members). */
const accountItself: Route[] = [
  defineRoute({
    method: "get",
    path: "/accounts",
    summary: "List the platform's accounts",
    description: "Platform administrators only (anyone else: 404). `search` matches the account name.",
    tags: TAGS,
    query: AccountListQuery,
    response: AccountPage,
    errors: [404],
    handler: async (ctx, { query }) => {
      authorizePlatform(ctx.state.actor);
      const { rows, pagination } = await listAccounts(ctx.deps.db, query);
      return { data: rows.map((account) => presentAccount(account, ctx.state.actor)), pagination };
    },
  }),
  defineRoute({
    method: "post",
    path: "/accounts",
    summary: "Create an account with its limits",
    description: "Platform administrators only (anyone else: 404).",
    tags: TAGS,
    body: AccountCreate,
    response: AccountSchema,
    status: 201,
    errors: [404],
    handler: async (ctx, { body }) => {
      authorizePlatform(ctx.state.actor);
      return presentAccount(await createAccount(ctx, body), ctx.state.actor);
    },
  }),
  defineRoute({
    method: "get",
    path: "/accounts/:a",
    summary: "Get an account",
    description: "Any member of the account, or a platform administrator.",
    tags: TAGS,
    params: AccountParams,
    response: AccountSchema,
    errors: [404],
    handler: async (ctx, { params }) => {
      authorizeInAccount(ctx.state.actor, "account.read", params.a);
      return presentAccount(await findAccount(ctx.deps.db, params.a), ctx.state.actor);
    },
  }),
  defineRoute({
    method: "post",
    path: "/accounts/:a",
    summary: "Update an account",
    description:
      "Overseers change the name, two-factor authentication and multilang; the limits (" +
      ACCOUNT_LIMIT_FIELDS.join(", ") +
      ") only a platform administrator: anyone else sending one gets 403 and nothing changes.",
    tags: TAGS,
    params: AccountParams,
    body: AccountUpdate,
    response: AccountSchema,
    errors: [403, 404],
    handler: async (ctx, { params, body }) => {
      authorizeInAccount(ctx.state.actor, "account.update", params.a);
      if (ACCOUNT_LIMIT_FIELDS.some((field) => body[field] !== undefined)) {
        authorizeInAccount(ctx.state.actor, "account.updateLimits", params.a);
      }
      return presentAccount(await updateAccount(ctx, params.a, body), ctx.state.actor);
    },
  }),
];

/** /accounts/{a}/administrators: the users of one account. */
const accountUsers: Route[] = [
  defineRoute({
    method: "get",
    path: "/accounts/:a/administrators",
    summary: "List the account's users",
    description: "Any member of the account. `search` matches names and email; `role` filters.",
    tags: USER_TAGS,
    params: AccountParams,
    query: AccountUserListQuery,
    response: UserPage,
    errors: [404],
    handler: async (ctx, { params, query }) => {
      await authorizeInExistingAccount(ctx, "users.read", params.a);
      const { rows, pagination } = await listUsers(ctx.deps.db, { ...query, accountId: params.a });
      return { data: rows.map((user) => presentUser(user, ctx.state.actor)), pagination };
    },
  }),
  defineRoute({
    method: "post",
    path: "/accounts/:a/administrators",
    summary: "Create a user of the account and email the invitation",
    description:
      "Overseers and platform administrators. A user taking an organizer seat (every role but reader) " +
      "needs a free seat: 409 max_organizers_reached otherwise. 409 email_taken when the address is used.",
    tags: USER_TAGS,
    params: AccountParams,
    body: AccountUserCreate,
    response: UserSchema,
    status: 201,
    errors: [403, 404, 409],
    handler: async (ctx, { params, body }) => {
      await authorizeInExistingAccount(ctx, "users.manage", params.a);
      ensureCanAssignRole(ctx, body.role);
      return presentUser(await createUser(ctx, { ...body, accountId: params.a }), ctx.state.actor);
    },
  }),
  defineRoute({
    method: "get",
    path: "/accounts/:a/administrators/:id",
    summary: "Get a user of the account",
    tags: USER_TAGS,
    params: AccountIdParams,
    response: UserSchema,
    errors: [404],
    handler: async (ctx, { params }) => {
      authorizeInAccount(ctx.state.actor, "users.read", params.a);
      return presentUser(await findAccountUser(ctx.deps.db, params.a, params.id), ctx.state.actor);
    },
  }),
  defineRoute({
    method: "put",
    path: "/accounts/:a/administrators/:id",
    summary: "Update a user of the account",
    description:
      "Overseers and platform administrators update anyone's names, language and role; every user may " +
      "update their own names and language, not their own role (403).",
    tags: USER_TAGS,
    params: AccountIdParams,
    body: AccountUserUpdate,
    response: UserSchema,
    errors: [403, 404, 409],
    handler: async (ctx, { params, body }) => {
      authorizeInAccount(ctx.state.actor, "users.read", params.a);
      if (actorUserId(ctx.state.actor) !== params.id) authorizeInAccount(ctx.state.actor, "users.manage", params.a);
      return presentUser(await updateAccountUser(ctx, params.a, params.id, body), ctx.state.actor);
    },
  }),
  defineRoute({
    method: "delete",
    path: "/accounts/:a/administrators/:id",
    summary: "Remove a user of the account",
    description: "Overseers and platform administrators; never oneself (409 cannot_delete_self).",
    tags: USER_TAGS,
    params: AccountIdParams,
    response: Ok,
    errors: [403, 404, 409],
    handler: async (ctx, { params }) => {
      authorizeInAccount(ctx.state.actor, "users.manage", params.a);
      await deleteUser(ctx, params.id, { accountId: params.a });
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: "post",
    path: "/accounts/:a/administrators/:id/invite",
    summary: "Email the invitation (again)",
    description:
      "Overseers and platform administrators. Issues a new registration link (earlier ones stop working), " +
      "valid 7 days. 409 already_registered once the user has completed an invitation.",
    tags: USER_TAGS,
    params: AccountIdParams,
    response: Ok,
    errors: [403, 404, 409],
    handler: async (ctx, { params }) => {
      authorizeInAccount(ctx.state.actor, "users.manage", params.a);
      await reinviteUser(ctx, params.id, { accountId: params.a });
      return { ok: true as const };
    },
  }),
];

export const accountRoutes: Route[] = [...accountItself, ...accountUsers];
