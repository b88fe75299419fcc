import { administratorContracts as administrators } from "@tessera/shared/contracts/administrators";
import { authorizePlatform } from "../../../policies/accounts.ts";
import { presentAccount } from "../../presenters/account.ts";
import { presentUser } from "../../presenters/user.ts";
import { accountsOfUser } from "../../../services/accounts/accounts.ts";
import { createUser, deleteUser, findUser, listUsers, updateUserAsPlatform } from "../../../services/accounts/users.ts";
import { route, type Route } from "../define.ts";

/** /administrators: every user of the platform, for platform administrators only (anyone else: 404). */
export const administratorRoutes: Route[] = [
  route(administrators.list, async (scope, { query }) => {
    authorizePlatform(scope.actor);
    const { rows, pagination } = await listUsers(scope.db, query);
    return { data: rows.map((user) => presentUser(user, scope.actor)), pagination };
  }),
  route(administrators.create, async (scope, { body }, ctx) => {
    authorizePlatform(scope.actor);
    return presentUser(await createUser(ctx, { ...body, accountId: body.accountId ?? null }), scope.actor);
  }),
  route(administrators.update, async (scope, { params, body }, ctx) => {
    authorizePlatform(scope.actor);
    return presentUser(await updateUserAsPlatform(ctx, params.id, body), scope.actor);
  }),
  route(administrators.remove, async (scope, { params }, ctx) => {
    authorizePlatform(scope.actor);
    await deleteUser(ctx, params.id, { accountId: null });
    return { ok: true as const };
  }),
  route(administrators.accounts, async (scope, { params }) => {
    authorizePlatform(scope.actor);
    const user = await findUser(scope.db, params.id);
    const accounts = await accountsOfUser(scope.db, user);
    return { data: accounts.map((account) => presentAccount(account, scope.actor)) };
  }),
];
