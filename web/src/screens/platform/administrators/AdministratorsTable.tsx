import { Center, Loader, Table, Text, VisuallyHidden } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import type { User } from "@tessera/shared/schemas/users";
import { useStores } from "../../../stores/StoresContext.ts";
import type { ScreenNotice } from "../../manage/users/AccountUsersScreen.tsx";
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

  if (administrators.isLoading && administrators.items.length === 0) {
    return (
      <Center p="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (administrators.items.length === 0) {
    return (
      <Text c="dimmed" ta="center" p="xl" size="sm">
        {t("common.noMatch")}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("fields.name")}</Table.Th>
            <Table.Th>{t("fields.email")}</Table.Th>
            <Table.Th>{t("fields.role")}</Table.Th>
            <Table.Th>{t("fields.language")}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t("common.actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {administrators.items.map((user) => (
            <AdministratorRow key={user.id} user={user} onEdit={onEdit} onNotice={onNotice} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});
