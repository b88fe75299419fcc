import { useCallback } from "react";
import type { PickerOption } from "@/components/RemotePicker.tsx";
import { useFindAccountUsers } from "@/queries/accountUsers.ts";

/** A RemotePicker loader: the account's users matching a search, as "First Last · email" options. */
export function useAccountUserOptions(accountId: string) {
  const findUsers = useFindAccountUsers(accountId);
  return useCallback(
    async (search: string): Promise<PickerOption[]> =>
      (await findUsers(search)).map((user) => ({
        value: user.id,
        label: `${user.firstName} ${user.lastName} · ${user.email}`,
      })),
    [findUsers],
  );
}
