import { AccountIdParams, AccountParams, Ok } from "../schemas/common.ts";
import {
  MailErrorCreate,
  MailErrorPage,
  MailErrorQuery,
  MailErrorSchema,
  MailErrorUpdate,
} from "../schemas/mailErrors.ts";
import { contract } from "./contract.ts";

const tags = ["mail errors"];
const WHO = "The account's organizers and overseers, and platform administrators.";

/** /accounts/{a}/errormails (spec §7): the account's mail errors, bounced, complained and blocked addresses. */
export const mailErrorContracts = {
  list: contract({
    method: "get",
    path: "/accounts/:a/errormails",
    summary: "The account's mail errors",
    description: `${WHO} Most recently seen first; \`search\` looks in the address, \`kind\` narrows to one kind.`,
    tags,
    params: AccountParams,
    query: MailErrorQuery,
    response: MailErrorPage,
    errors: [403, 404],
  }),
  get: contract({
    method: "get",
    path: "/accounts/:a/errormails/:id",
    summary: "One mail error",
    description: WHO,
    tags,
    params: AccountIdParams,
    response: MailErrorSchema,
    errors: [403, 404],
  }),
  update: contract({
    method: "post",
    path: "/accounts/:a/errormails/:id",
    summary: "Change a mail error's kind or reason",
    description: `${WHO} A hard bounce, complaint or block keeps the address from every send; recorded in the account's trail.`,
    tags,
    params: AccountIdParams,
    body: MailErrorUpdate,
    response: MailErrorSchema,
    errors: [403, 404],
  }),
  remove: contract({
    method: "delete",
    path: "/accounts/:a/errormails/:id",
    summary: "Delete a mail error",
    description: `${WHO} The address may be emailed again; recorded in the account's trail.`,
    tags,
    params: AccountIdParams,
    response: Ok,
    errors: [403, 404],
  }),
  create: contract({
    method: "post",
    path: "/accounts/:a/errormails",
    summary: "Block an address",
    description:
      `${WHO} A mail error written by a person (source manual; kind blocked unless given): 409 ` +
      "mail_error_exists when the account already has one for the address. Recorded in the account's trail.",
    tags,
    params: AccountParams,
    body: MailErrorCreate,
    response: MailErrorSchema,
    status: 201,
    errors: [403, 404, 409],
  }),
};
