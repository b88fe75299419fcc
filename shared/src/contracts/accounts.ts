import { AccountParams } from "../schemas/common.ts";
import {
  ACCOUNT_LIMIT_FIELDS,
  AccountCreate,
  AccountListQuery,
  AccountPage,
  AccountSchema,
  AccountUpdate,
} from "../schemas/users.ts";
import { contract } from "./contract.ts";

const tags = ["accounts"];

/** /accounts and /accounts/{a}: the platform's accounts (platform administrators) and one account (its members). */
export const accountContracts = {
  list: contract({
    method: "get",
    path: "/accounts",
    summary: "List the platform's accounts",
    description: "Platform administrators only (anyone else: 404). `search` matches the account name.",
    tags,
    query: AccountListQuery,
    response: AccountPage,
    errors: [404],
  }),
  create: contract({
    method: "post",
    path: "/accounts",
    summary: "Create an account with its limits",
    description: "Platform administrators only (anyone else: 404).",
    tags,
    body: AccountCreate,
    response: AccountSchema,
    status: 201,
    errors: [404],
  }),
  get: contract({
    method: "get",
    path: "/accounts/:a",
    summary: "Get an account",
    description: "Any member of the account, or a platform administrator.",
    tags,
    params: AccountParams,
    response: AccountSchema,
    errors: [404],
  }),
  update: contract({
    method: "post",
    path: "/accounts/:a",
    summary: "Update an account",
    description:
      "Overseers change the name, two-factor authentication and multilang; the limits (" +
      ACCOUNT_LIMIT_FIELDS.join(", ") +
      ") only a platform administrator: anyone else sending one gets 403 and nothing changes.",
    tags,
    params: AccountParams,
    body: AccountUpdate,
    response: AccountSchema,
    errors: [403, 404],
  }),
};
