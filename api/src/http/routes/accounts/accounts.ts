import { accountContracts as accounts } from "@tessera/shared/contracts/accounts";
import { presentAccount } from "../../presenters/account.ts";
import { createAccount, getAccount, listAccounts, updateAccount } from "../../../services/accounts/accounts.ts";
import { route, type Route } from "../define.ts";

/** /accounts and /accounts/{a}: the platform's accounts (platform administrators) and one account (its members). */
export const accountRoutes: Route[] = [
  route(accounts.list, async (scope, { query }) => {
    const { rows, pagination } = await listAccounts(scope, query);
    return { data: rows.map((account) => presentAccount(account, scope.actor)), pagination };
  }),
  route(accounts.create, async (scope, { body }) => presentAccount(await createAccount(scope, body), scope.actor)),
  route(accounts.get, async (scope, { params }) => presentAccount(await getAccount(scope, params.a), scope.actor)),
  route(accounts.update, async (scope, { params, body }) =>
    presentAccount(await updateAccount(scope, params.a, body), scope.actor),
  ),
];
