import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { auditLogContracts } from "@tessera/shared/contracts/auditLogs";
import { api } from "./api.ts";

type Contracts = typeof auditLogContracts;
export type AuditLogPage = ContractOutput<Contracts["list"]>;
export type AuditLogJson = AuditLogPage["data"][number];
export type AuditLogsQuery = NonNullable<ContractInput<Contracts["list"]>["query"]>;

/** The cache keys of an account's audit log (what is saved in the account adds to it: see `storeEvent`). */
export const auditLogKeys = {
  all: (accountId: string) => ["auditLogs", accountId] as const,
  list: (accountId: string, query: AuditLogsQuery) => ["auditLogs", accountId, query] as const,
};

/** One page of who did what in the account, newest first; `eventId` narrows it to one event. */
export function auditLogsPageQuery(accountId: string, query: AuditLogsQuery) {
  return queryOptions({
    queryKey: auditLogKeys.list(accountId, query),
    queryFn: () => api.auditLogs.list({ params: { a: accountId }, query }),
  });
}

export function useAuditLogsPage(accountId: string, query: AuditLogsQuery) {
  return useQuery({ ...auditLogsPageQuery(accountId, query), placeholderData: keepPreviousData });
}
