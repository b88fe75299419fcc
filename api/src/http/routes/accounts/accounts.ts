import { ACCOUNT_LIMIT_FIELDS } from "@tessera/shared";
import { accountContracts as accounts } from "@tessera/shared/contracts/accounts";
import { authorizeInAccount, authorizePlatform } from "../../../policies/accounts.ts";
import { presentAccount } from "../../presenters/account.ts";
import { createAccount, findAccount, listAccounts, updateAccount } from "../../../services/accounts/accounts.ts";
import { route, type Route } from "../define.ts";

/** /accounts and /accounts/{a}: the platform's accounts (platform administrators) and one account (its members). */
export const accountRoutes: Route[] = [
  route(accounts.list, async (scope, { query }) => {
    authorizePlatform(scope.actor);
    const { rows, pagination } = await listAccounts(scope.db, query);
    return { data: rows.map((account) => presentAccount(account, scope.actor)), pagination };
  }),
  route(accounts.create, async (scope, { body }, ctx) => {
    authorizePlatform(scope.actor);
    return presentAccount(await createAccount(ctx, body), scope.actor);
  }),
  route(accounts.get, async (scope, { params }) => {
    authorizeInAccount(scope.actor, "account.read", params.a);
    return presentAccount(await findAccount(scope.db, params.a), scope.actor);
  }),
  route(accounts.update, async (scope, { params, body }, ctx) => {
    authorizeInAccount(scope.actor, "account.update", params.a);
    if (ACCOUNT_LIMIT_FIELDS.some((field) => body[field] !== undefined)) {
      authorizeInAccount(scope.actor, "account.updateLimits", params.a);
    }
    return presentAccount(await updateAccount(ctx, params.a, body), scope.actor);
  }),
];
