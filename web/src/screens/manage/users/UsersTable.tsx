import { Center, Loader, Table, Text, VisuallyHidden } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { useStores } from "../../../stores/StoresContext.ts";
import type { ScreenNotice } from "./AccountUsersScreen.tsx";
import { UserRow } from "./UserRow.tsx";

export const UsersTable = observer(function UsersTable({ onNotice }: { onNotice: (notice: ScreenNotice) => void }) {
  const { t } = useTranslation("web");
  const { accountUsers } = useStores();

  if (accountUsers.isLoading && accountUsers.items.length === 0) {
    return (
      <Center p="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (accountUsers.items.length === 0) {
    return (
      <Text c="dimmed" ta="center" p="xl" size="sm">
        {accountUsers.query.search ? t("common.noMatch") : t("users.empty")}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("fields.name")}</Table.Th>
            <Table.Th>{t("fields.email")}</Table.Th>
            <Table.Th>{t("fields.role")}</Table.Th>
            <Table.Th>{t("users.lastLogin")}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t("common.actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accountUsers.items.map((user) => (
            <UserRow key={user.id} user={user} onNotice={onNotice} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});
