import { auditLogContracts as auditLogs } from "@tessera/shared/contracts/auditLogs";
import { presentAuditLog } from "../../presenters/auditLog.ts";
import { listAuditLogs } from "../../../services/audit/auditLogs.ts";
import { route, type Route } from "../define.ts";

/** /accounts/{a}/auditlogs: who did what in the account. */
export const auditLogRoutes: Route[] = [
  route(auditLogs.list, async (scope, { params, query }) => {
    const { rows, pagination } = await listAuditLogs(scope, params.a, query);
    return { data: rows.map(presentAuditLog), pagination };
  }),
];
