import { AccountStripeKeysSchema, AccountStripeKeysUpdate } from "../schemas/accountStripeKeys.ts";
import { AccountParams } from "../schemas/common.ts";
import { contract } from "./contract.ts";

const tags = ["accounts"];

/** /accounts/{a}/stripe-keys: the account's own Stripe keys, test and live (issue 14 item 5). */
export const accountStripeKeyContracts = {
  get: contract({
    method: "get",
    path: "/accounts/:a/stripe-keys",
    summary: "The account's Stripe keys",
    description:
      "Overseers and platform administrators. For each mode: the publishable key, and whether the secret key " +
      "and the webhook signing secret are set with their last four characters (never the secrets). Without " +
      "keys for a mode, the events in that mode take card payments with the server's keys.",
    tags,
    params: AccountParams,
    response: AccountStripeKeysSchema,
    errors: [403, 404],
  }),
  update: contract({
    method: "post",
    path: "/accounts/:a/stripe-keys",
    summary: "Set the account's Stripe keys",
    description:
      "Overseers and platform administrators. Per mode, a key given replaces the stored one, null removes it, " +
      "one left out is kept; a key of the other mode is refused (422). Secrets are stored encrypted.",
    tags,
    params: AccountParams,
    body: AccountStripeKeysUpdate,
    response: AccountStripeKeysSchema,
    errors: [403, 404, 422],
  }),
};
