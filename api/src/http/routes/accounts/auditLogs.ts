import { AccountParams, AuditLogPage, AuditLogQuery } from "@tessera/shared";
import { presentAuditLog } from "../../presenters/auditLog.ts";
import { listAuditLogs } from "../../../services/audit/auditLogs.ts";
import { authorizeInExistingAccount } from "../accountScope.ts";
import { defineRoute, type Route } from "../define.ts";

export const auditLogRoutes: Route[] = [
  defineRoute({
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
    handler: async (ctx, { params, query }) => {
      await authorizeInExistingAccount(ctx, "audit.read", params.a);
      const { rows, pagination } = await listAuditLogs(ctx.deps.db, params.a, query);
      return { data: rows.map(presentAuditLog), pagination };
    },
  }),
];
