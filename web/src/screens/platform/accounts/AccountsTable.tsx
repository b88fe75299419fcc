import { Badge, Button, Center, Group, Loader, Table, Text, VisuallyHidden } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Account } from "@tessera/shared/schemas/users";
import { useStores } from "../../../stores/StoresContext.ts";

export const AccountsTable = observer(function AccountsTable({ onEdit }: { onEdit: (account: Account) => void }) {
  const { t } = useTranslation("web");
  const { accounts } = useStores();

  if (accounts.isLoading && accounts.items.length === 0) {
    return (
      <Center p="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (accounts.items.length === 0) {
    return (
      <Text c="dimmed" ta="center" p="xl" size="sm">
        {accounts.query.search ? t("common.noMatch") : t("accounts.empty")}
      </Text>
    );
  }
  const limit = (value: number | null) => (value === null ? t("accounts.unlimited") : String(value));
  const yesNo = (value: boolean) => (value ? t("common.yes") : t("common.no"));

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("fields.name")}</Table.Th>
            <Table.Th>{t("accounts.maxOrganizers")}</Table.Th>
            <Table.Th>{t("accounts.maxEvents")}</Table.Th>
            <Table.Th>{t("accounts.maxCampaignsPerEvent")}</Table.Th>
            <Table.Th>{t("accounts.eventRetentionDays")}</Table.Th>
            <Table.Th>{t("accounts.twoFactorEnabled")}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t("common.actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.items.map((account) => (
            <Table.Tr key={account.id}>
              <Table.Td>
                <Group gap={6}>
                  <Text size="sm" fw={500}>
                    {account.name}
                  </Text>
                  {!account.isActive && (
                    <Badge size="xs" variant="outline" color="gray">
                      {t("common.inactive")}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{limit(account.maxOrganizers)}</Table.Td>
              <Table.Td>{limit(account.maxEvents)}</Table.Td>
              <Table.Td>{limit(account.maxCampaignsPerEvent)}</Table.Td>
              <Table.Td>{limit(account.eventRetentionDays)}</Table.Td>
              <Table.Td>{yesNo(account.twoFactorEnabled)}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="subtle"
                    component={Link}
                    to={`/manage/platform/accounts/${account.id}/users`}
                  >
                    {t("nav.users")}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    component={Link}
                    to={`/manage/platform/accounts/${account.id}/events`}
                  >
                    {t("nav.events")}
                  </Button>
                  {account.abilities.update && (
                    <Button size="xs" variant="light" onClick={() => onEdit(account)}>
                      {t("common.edit")}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});
