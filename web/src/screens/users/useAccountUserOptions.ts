import { useCallback } from "react";
import { useStores } from "@/stores/StoresContext.ts";

/** A RemotePicker loader: the account's users matching a search, as "First Last · email" options. */
export function useAccountUserOptions(accountId: string) {
  const { api } = useStores().context;
  return useCallback(
    async (search: string) =>
      (await api.accountUsers.list(accountId, { search, perPage: 20 })).data.map((user) => ({
        value: user.id,
        label: `${user.firstName} ${user.lastName} · ${user.email}`,
      })),
    [api, accountId],
  );
}
