import { Badge, Button, Group, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ResourceTable } from "@/components/ResourceTable.tsx";
import type { AccountJson } from "@/queries/accounts.ts";

interface AccountsTableProps {
  accounts: readonly AccountJson[];
  isLoading: boolean;
  isSearching: boolean;
  onEdit: (account: AccountJson) => void;
}

export function AccountsTable({ accounts, isLoading, isSearching, onEdit }: AccountsTableProps) {
  const { t } = useTranslation("web");

  const limit = (value: number | null) => (value === null ? t("accounts.unlimited") : String(value));
  const yesNo = (value: boolean) => (value ? t("common.yes") : t("common.no"));

  return (
    <ResourceTable
      isLoading={isLoading}
      isEmpty={accounts.length === 0}
      emptyText={isSearching ? t("common.noMatch") : t("accounts.empty")}
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
      {accounts.map((account) => (
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
              <Button
                size="xs"
                variant="subtle"
                component={Link}
                to={`/manage/platform/accounts/${account.id}/credits`}
              >
                {t("nav.credits")}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                component={Link}
                to={`/manage/platform/accounts/${account.id}/mail-errors`}
              >
                {t("nav.mailErrors")}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                component={Link}
                to={`/manage/platform/accounts/${account.id}/senders`}
              >
                {t("nav.senders")}
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
}
