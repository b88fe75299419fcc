import { AuditLogPage, AuditLogQuery } from "../schemas/audit.ts";
import { AccountParams } from "../schemas/common.ts";
import { contract } from "./contract.ts";

/** /accounts/{a}/auditlogs: who did what in the account. */
export const auditLogContracts = {
  list: contract({
    method: "get",
    path: "/accounts/:a/auditlogs",
    summary: "The account's audit log",
    description:
      "Newest first: who did what and when, with the values before and after. Organizers and up, and " +
      "platform administrators. Every filter narrows the list; `from` and `to` are inclusive; " +
      "`exclude` is a comma-joined list of actions to leave out.",
    tags: ["audit"],
    params: AccountParams,
    query: AuditLogQuery,
    response: AuditLogPage,
    errors: [403, 404],
  }),
};
