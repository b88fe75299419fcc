import { defaultEventParamContracts as defaults } from "@tessera/shared/contracts/defaultEventParams";
import { authorizeInAccount } from "../../../policies/accounts.ts";
import { getDefaultEventParams, updateDefaultEventParams } from "../../../services/accounts/defaultEventParams.ts";
import { route, type Route } from "../define.ts";

/** /accounts/{a}/default-event-params: what a new event of the account starts with. */
export const defaultEventParamRoutes: Route[] = [
  route(defaults.get, async (scope, { params }) => {
    authorizeInAccount(scope.actor, "account.read", params.a);
    return getDefaultEventParams(scope.db, params.a);
  }),
  route(defaults.update, async (scope, { params, body }, ctx) => {
    authorizeInAccount(scope.actor, "account.update", params.a);
    return updateDefaultEventParams(ctx, params.a, body);
  }),
];
