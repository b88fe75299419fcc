import { useTranslation } from "react-i18next";
import { ResourceTable } from "@/components/ResourceTable.tsx";
import type { AdministratorJson } from "@/queries/administrators.ts";
import { AdministratorRow } from "./AdministratorRow.tsx";

interface AdministratorsTableProps {
  users: readonly AdministratorJson[];
  isLoading: boolean;
  onEdit: (user: AdministratorJson) => void;
}

export function AdministratorsTable({ users, isLoading, onEdit }: AdministratorsTableProps) {
  const { t } = useTranslation("web");
  return (
    <ResourceTable
      isLoading={isLoading}
      isEmpty={users.length === 0}
      emptyText={t("common.noMatch")}
      minWidth={820}
      columns={[t("fields.name"), t("fields.email"), t("fields.role"), t("fields.language")]}
    >
      {users.map((user) => (
        <AdministratorRow key={user.id} user={user} onEdit={onEdit} />
      ))}
    </ResourceTable>
  );
}
