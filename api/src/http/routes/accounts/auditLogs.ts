import { auditLogContracts as auditLogs } from "@tessera/shared/contracts/auditLogs";
import { presentAuditLog } from "../../presenters/auditLog.ts";
import { authorizeInExistingAccount } from "../../../services/accounts/authorize.ts";
import { listAuditLogs } from "../../../services/audit/auditLogs.ts";
import { route, type Route } from "../define.ts";

export const auditLogRoutes: Route[] = [
  route(auditLogs.list, async (scope, { params, query }) => {
    await authorizeInExistingAccount(scope, "audit.read", params.a);
    const { rows, pagination } = await listAuditLogs(scope.db, params.a, query);
    return { data: rows.map(presentAuditLog), pagination };
  }),
];
