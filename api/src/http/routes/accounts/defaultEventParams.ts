import { AccountParams, DefaultEventParams } from "@tessera/shared";
import { authorizeInAccount } from "../../../policies/accounts.ts";
import { getDefaultEventParams, updateDefaultEventParams } from "../../../services/accounts/defaultEventParams.ts";
import { defineRoute, type Route } from "../define.ts";

const TAGS = ["accounts"];

/** /accounts/{a}/default-event-params: what a new event of the account starts with. */
export const defaultEventParamRoutes: Route[] = [
  defineRoute({
    method: "get",
    path: "/accounts/:a/default-event-params",
    summary: "The account's default event parameters",
    description: "Any member of the account. Fields never set are left out.",
    tags: TAGS,
    params: AccountParams,
    response: DefaultEventParams,
    errors: [404],
    handler: async (ctx, { params }) => {
      authorizeInAccount(ctx.state.actor, "account.read", params.a);
      return getDefaultEventParams(ctx.deps.db, params.a);
    },
  }),
  defineRoute({
    method: "post",
    path: "/accounts/:a/default-event-params",
    summary: "Update the account's default event parameters",
    description:
      "Overseers and platform administrators. The fields given replace the stored ones; a new event takes " +
      "them for every field it does not set. `timezone` must be an IANA time zone (422 timezone_invalid).",
    tags: TAGS,
    params: AccountParams,
    body: DefaultEventParams,
    response: DefaultEventParams,
    errors: [403, 404],
    handler: async (ctx, { params, body }) => {
      authorizeInAccount(ctx.state.actor, "account.update", params.a);
      return updateDefaultEventParams(ctx, params.a, body);
    },
  }),
];
