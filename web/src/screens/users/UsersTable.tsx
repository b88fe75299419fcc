import { useTranslation } from "react-i18next";
import { ResourceTable } from "@/components/ResourceTable.tsx";
import type { AccountUserJson } from "@/queries/accountUsers.ts";
import { UserRow } from "./UserRow.tsx";

interface UsersTableProps {
  accountId: string;
  users: readonly AccountUserJson[];
  isLoading: boolean;
  isSearching: boolean;
  onFailure: (message: string) => void;
}

export function UsersTable({ accountId, users, isLoading, isSearching, onFailure }: UsersTableProps) {
  const { t } = useTranslation("web");
  return (
    <ResourceTable
      isLoading={isLoading}
      isEmpty={users.length === 0}
      emptyText={isSearching ? t("common.noMatch") : t("users.empty")}
      minWidth={760}
      columns={[t("fields.name"), t("fields.email"), t("fields.role"), t("users.lastLogin")]}
    >
      {users.map((user) => (
        <UserRow key={user.id} accountId={accountId} user={user} onFailure={onFailure} />
      ))}
    </ResourceTable>
  );
}
