import { Badge, Button, Group, Table, Text } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Account } from "@tessera/shared/schemas/users";
import { ResourceTable } from "@/components/ResourceTable.tsx";
import { useStores } from "@/stores/StoresContext.ts";

export const AccountsTable = observer(function AccountsTable({ onEdit }: { onEdit: (account: Account) => void }) {
  const { t } = useTranslation("web");
  const { accounts } = useStores();

  const limit = (value: number | null) => (value === null ? t("accounts.unlimited") : String(value));
  const yesNo = (value: boolean) => (value ? t("common.yes") : t("common.no"));

  return (
    <ResourceTable
      isLoading={accounts.isLoading}
      isEmpty={accounts.items.length === 0}
      emptyText={accounts.query.search ? t("common.noMatch") : t("accounts.empty")}
      minWidth={900}
      columns={[
        t("fields.name"),
        t("accounts.maxOrganizers"),
        t("accounts.maxEvents"),
        t("accounts.maxCampaignsPerEvent"),
        t("accounts.eventRetentionDays"),
        t("accounts.twoFactorEnabled"),
      ]}
    >
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
              <Button size="xs" variant="subtle" component={Link} to={`/manage/platform/accounts/${account.id}/users`}>
                {t("nav.users")}
              </Button>
              <Button size="xs" variant="subtle" component={Link} to={`/manage/platform/accounts/${account.id}/events`}>
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
    </ResourceTable>
  );
});
