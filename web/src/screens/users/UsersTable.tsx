import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { ResourceTable } from "@/components/ResourceTable.tsx";
import { useStores } from "@/stores/StoresContext.ts";
import type { ScreenNotice } from "@/components/ScreenAlerts.tsx";
import { UserRow } from "./UserRow.tsx";

export const UsersTable = observer(function UsersTable({ onNotice }: { onNotice: (notice: ScreenNotice) => void }) {
  const { t } = useTranslation("web");
  const { accountUsers } = useStores();

  return (
    <ResourceTable
      isLoading={accountUsers.isLoading}
      isEmpty={accountUsers.items.length === 0}
      emptyText={accountUsers.query.search ? t("common.noMatch") : t("users.empty")}
      minWidth={760}
      columns={[t("fields.name"), t("fields.email"), t("fields.role"), t("users.lastLogin")]}
    >
      {accountUsers.items.map((user) => (
        <UserRow key={user.id} user={user} onNotice={onNotice} />
      ))}
    </ResourceTable>
  );
});
