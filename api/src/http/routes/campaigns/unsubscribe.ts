import { unsubscribeContracts as unsubscribe } from "@tessera/shared/contracts/unsubscribe";
import { unsubscribeFromPage, unsubscribeState } from "../../../services/campaigns/tracking.ts";
import { route, type Route } from "../define.ts";

/** /public/unsubscribe/{token}: the unsubscribe page's reading and its button. */
export const unsubscribeRoutes: Route[] = [
  route(unsubscribe.view, (scope, { params }) => unsubscribeState(scope, params.token)),
  route(unsubscribe.unsubscribe, (scope, { params }) => unsubscribeFromPage(scope, params.token)),
];
