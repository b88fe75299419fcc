import { accountStripeKeyContracts as stripeKeys } from "@tessera/shared/contracts/accountStripeKeys";
import type { AccountStripeKeysJson } from "@tessera/shared/schemas/accountStripeKeys";
import {
  getAccountStripeKeys,
  updateAccountStripeKeys,
  type AccountStripeKeysView,
} from "../../../services/ticketOffice/accountStripeKeys.ts";
import { accountWebhookPath } from "../../stripeWebhook.ts";
import { route, type Route } from "../define.ts";

const present = (accountId: string, view: AccountStripeKeysView): AccountStripeKeysJson => ({
  ...view,
  webhookPath: accountWebhookPath(accountId),
});

/** /accounts/{a}/stripe-keys: the account's own Stripe keys, test and live. */
export const accountStripeKeyRoutes: Route[] = [
  route(stripeKeys.get, async (scope, { params }) => present(params.a, await getAccountStripeKeys(scope, params.a))),
  route(stripeKeys.update, async (scope, { params, body }) =>
    present(params.a, await updateAccountStripeKeys(scope, params.a, body)),
  ),
];
