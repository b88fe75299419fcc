import { defaultEventParamContracts as defaults } from "@tessera/shared/contracts/defaultEventParams";
import { getDefaultEventParams, updateDefaultEventParams } from "../../../services/accounts/defaultEventParams.ts";
import { route, type Route } from "../define.ts";

/** /accounts/{a}/default-event-params: what a new event of the account starts with. */
export const defaultEventParamRoutes: Route[] = [
  route(defaults.get, async (scope, { params }) => getDefaultEventParams(scope, params.a)),
  route(defaults.update, async (scope, { params, body }) => updateDefaultEventParams(scope, params.a, body)),
];
