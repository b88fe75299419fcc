import { queryOptions, useMutation, useQuery, mutationOptions, type QueryClient } from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { guestImportContracts } from "@tessera/shared/contracts/guestImports";
import { api } from "./api.ts";
import { guestKeys } from "./guests.ts";

type Contracts = typeof guestImportContracts;
export type GuestImportJson = ContractOutput<Contracts["get"]>["import"];
export type GuestImportUploadJson = ContractOutput<Contracts["upload"]>;
export type GuestImportMappingJson = ContractOutput<Contracts["setMapping"]>;
export type ImportRowErrorJson = ContractOutput<Contracts["setMapping"]>["sampleErrors"][number];
/** Column index → target: a guest field or `customField:<id>`; null: the column is ignored. */
export type ImportMapping = ContractInput<Contracts["setMapping"]>["body"]["mapping"];
type UploadFile = ContractInput<Contracts["upload"]>["form"]["file"];

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 500;

export const guestImportKeys = {
  one: (accountId: string, eventId: string, importId: string) =>
    ["guestImports", accountId, eventId, importId] as const,
};

/** An import runs from step 3 (processing) until it is done or failed. */
export function isImportRunning(guestImport: GuestImportJson | undefined): boolean {
  return guestImport?.status === "processing";
}

/**
 * One import, as the API presents it; polled every IMPORT_POLL_MS while it runs. Once it is over, the
 * guest lists of the event are stale (guests were created and updated).
 */
export function guestImportQuery(accountId: string, eventId: string, importId: string) {
  return queryOptions({
    queryKey: guestImportKeys.one(accountId, eventId, importId),
    queryFn: async ({ client }) => {
      const { import: guestImport } = await api.guestImports.get({
        params: { a: accountId, e: eventId, id: importId },
      });
      if (guestImport.status === "done") void client.invalidateQueries({ queryKey: guestKeys.all(accountId, eventId) });
      return guestImport;
    },
    refetchInterval: (query) => (isImportRunning(query.state.data) ? IMPORT_POLL_MS : false),
  });
}

export function useGuestImport(accountId: string, eventId: string, importId: string | null) {
  return useQuery({ ...guestImportQuery(accountId, eventId, importId ?? ""), enabled: importId !== null });
}

function storeImport(queryClient: QueryClient, accountId: string, eventId: string, guestImport: GuestImportJson) {
  queryClient.setQueryData(guestImportKeys.one(accountId, eventId, guestImport.id), guestImport);
}

/** Step 1: sends the file; the answer has a preview of the rows and a suggested mapping. */
export function uploadImportMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ file, hasHeaders }: { file: UploadFile; hasHeaders: boolean }) =>
      api.guestImports.upload({
        params: { a: accountId, e: eventId },
        form: { file, hasHeaders: hasHeaders ? "1" : "0" },
      }),
    onSuccess: (upload, _variables, _result, { client: queryClient }) =>
      storeImport(queryClient, accountId, eventId, upload.import),
  });
}

export function useUploadImport(accountId: string, eventId: string) {
  return useMutation(uploadImportMutation(accountId, eventId));
}

/**
 * Step 2: checks every row against the mapping (nothing written); answers the first errors and warnings,
 * and the import with their true counts.
 */
export function setImportMappingMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ importId, mapping }: { importId: string; mapping: ImportMapping }) =>
      api.guestImports.setMapping({ params: { a: accountId, e: eventId, id: importId }, body: { mapping } }),
    onSuccess: (result, _variables, _result, { client: queryClient }) =>
      storeImport(queryClient, accountId, eventId, result.import),
  });
}

export function useSetImportMapping(accountId: string, eventId: string) {
  return useMutation(setImportMappingMutation(accountId, eventId));
}

/** Step 3: queues the import (with the mapping first when it was not checked); the import query follows it. */
export function startImportMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: async ({ importId, mapping }: { importId: string; mapping?: ImportMapping }) => {
      const params = { a: accountId, e: eventId, id: importId };
      if (mapping) await api.guestImports.setMapping({ params, body: { mapping } });
      return (await api.guestImports.process({ params })).import;
    },
    onSuccess: (guestImport, _variables, _result, { client: queryClient }) =>
      storeImport(queryClient, accountId, eventId, guestImport),
  });
}

export function useStartImport(accountId: string, eventId: string) {
  return useMutation(startImportMutation(accountId, eventId));
}

/** Drops an import not processed yet (going back to choose another file). */
export function cancelImportMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (importId: string) => api.guestImports.cancel({ params: { a: accountId, e: eventId, id: importId } }),
    onSuccess: (result, _variables, _result, { client: queryClient }) =>
      storeImport(queryClient, accountId, eventId, result.import),
  });
}

export function useCancelImport(accountId: string, eventId: string) {
  return useMutation(cancelImportMutation(accountId, eventId));
}

/** Where the browser downloads an import's per-row error report (a link, not a fetch). */
export function importErrorsUrl(accountId: string, eventId: string, importId: string): string {
  return api.guestImports.errors.url({ params: { a: accountId, e: eventId, id: importId } });
}
