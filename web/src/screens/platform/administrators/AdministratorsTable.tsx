import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import type { User } from "@tessera/shared/schemas/users";
import { ResourceTable } from "@/components/ResourceTable.tsx";
import { useStores } from "@/stores/StoresContext.ts";
import type { ScreenNotice } from "@/components/ScreenAlerts.tsx";
import { AdministratorRow } from "./AdministratorRow.tsx";

interface AdministratorsTableProps {
  onEdit: (user: User) => void;
  onNotice: (notice: ScreenNotice) => void;
}

export const AdministratorsTable = observer(function AdministratorsTable({
  onEdit,
  onNotice,
}: AdministratorsTableProps) {
  const { t } = useTranslation("web");
  const { administrators } = useStores();

  return (
    <ResourceTable
      isLoading={administrators.isLoading}
      isEmpty={administrators.items.length === 0}
      emptyText={t("common.noMatch")}
      minWidth={820}
      columns={[t("fields.name"), t("fields.email"), t("fields.role"), t("fields.language")]}
    >
      {administrators.items.map((user) => (
        <AdministratorRow key={user.id} user={user} onEdit={onEdit} onNotice={onNotice} />
      ))}
    </ResourceTable>
  );
});
