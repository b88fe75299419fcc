import { AccountParams } from "../schemas/common.ts";
import { DefaultEventParams } from "../schemas/events.ts";
import { contract } from "./contract.ts";

const tags = ["accounts"];

/** /accounts/{a}/default-event-params: what a new event of the account starts with. */
export const defaultEventParamContracts = {
  get: contract({
    method: "get",
    path: "/accounts/:a/default-event-params",
    summary: "The account's default event parameters",
    description: "Any member of the account. Fields never set are left out.",
    tags,
    params: AccountParams,
    response: DefaultEventParams,
    errors: [404],
  }),
  update: contract({
    method: "post",
    path: "/accounts/:a/default-event-params",
    summary: "Update the account's default event parameters",
    description:
      "Overseers and platform administrators. The fields given replace the stored ones; a new event takes " +
      "them for every field it does not set. `timezone` must be an IANA time zone (422 timezone_invalid).",
    tags,
    params: AccountParams,
    body: DefaultEventParams,
    response: DefaultEventParams,
    errors: [403, 404],
  }),
};
