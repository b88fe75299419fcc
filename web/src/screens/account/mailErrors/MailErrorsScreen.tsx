import { Badge, Button, Center, Group, Loader, Menu, Select, Table, Text } from "@mantine/core";
import { MAIL_ERROR_KINDS, type MailErrorKind } from "@tessera/shared/rules/campaigns";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/app/formatDate.ts";
import { ActionsMenu } from "@/components/ActionsMenu.tsx";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { IconPlus } from "@/components/icons.tsx";
import { ListFooter } from "@/components/ListFooter.tsx";
import { ScreenAlerts } from "@/components/ScreenAlerts.tsx";
import { SearchField } from "@/components/SearchField.tsx";
import type { AccountJson } from "@/queries/accounts.ts";
import {
  MAIL_ERRORS_PER_PAGE,
  useMailErrors,
  useRemoveMailError,
  type MailErrorJson,
  type MailErrorsQuery,
} from "@/queries/mailErrors.ts";
import { pageCountOf } from "@/queries/pages.ts";
import { ScreenHeader } from "../../shell/ScreenHeader.tsx";
import { MailErrorFormModal } from "./MailErrorFormModal.tsx";

const KIND_COLORS: Record<MailErrorKind, string> = {
  hard_bounce: "red",
  complaint: "orange",
  blocked: "dark",
  soft_bounce: "yellow",
  error: "gray",
};

/**
 * /manage/mail-errors (spec §7 errormails, §5 "Bounced addresses cannot be emailed"): the account's bounced,
 * complained and blocked addresses, found by address and kind; an address blocked by hand, a kind or reason
 * changed, an error deleted so the address may be emailed again. Platform administrators reach it per account.
 */
export function MailErrorsScreen({
  account,
  withAccountName = false,
}: {
  account: AccountJson;
  withAccountName?: boolean;
}) {
  const { t, i18n } = useTranslation("web");
  const [search, setSearch] = useState("");
  const [kind, setKind] = useState<MailErrorKind | null>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<MailErrorJson | "new" | null>(null);
  const [deleting, setDeleting] = useState<MailErrorJson | null>(null);
  const query: MailErrorsQuery = {
    page,
    perPage: MAIL_ERRORS_PER_PAGE,
    ...(search ? { search } : {}),
    ...(kind ? { kind } : {}),
  };
  const errors = useMailErrors(account.id, query);
  const remove = useRemoveMailError(account.id);

  const changeSearch = useCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, []);

  const rows = errors.data?.data ?? [];
  const pagination = errors.data?.pagination ?? { page, perPage: MAIL_ERRORS_PER_PAGE, total: 0 };
  return (
    <>
      <ScreenHeader
        title={withAccountName ? t("mailErrors.titleOf", { name: account.name }) : t("mailErrors.title")}
        description={t("mailErrors.description")}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
            {t("mailErrors.create")}
          </Button>
        }
      />
      <ScreenAlerts loadError={errors.error} onRetry={() => void errors.refetch()} />
      <Group mb="md" align="flex-end">
        <SearchField label={t("mailErrors.search")} initialValue={search} onSearch={changeSearch} />
        <Select
          aria-label={t("mailErrors.kind")}
          w={220}
          value={kind ?? "all"}
          allowDeselect={false}
          data={[
            { value: "all", label: t("mailErrors.allKinds") },
            ...MAIL_ERROR_KINDS.map((value) => ({ value, label: t(`mailErrors.kinds.${value}`) })),
          ]}
          onChange={(value) => {
            setKind(value && value !== "all" ? (value as MailErrorKind) : null);
            setPage(1);
          }}
        />
      </Group>
      {errors.isPending ? (
        <Center p="xl">
          <Loader size="sm" />
        </Center>
      ) : errors.isError ? null : rows.length === 0 ? (
        <Text c="dimmed" ta="center" p="xl" size="sm">
          {search || kind ? t("common.noMatch") : t("mailErrors.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={760}
          // Scrolled sideways on a phone: the keyboard reaches it too (WCAG 2.1.1).
          scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": t("mailErrors.title") } }}
        >
          <Table verticalSpacing="sm" data-testid="mail-errors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("mailErrors.email")}</Table.Th>
                <Table.Th>{t("mailErrors.kind")}</Table.Th>
                <Table.Th>{t("mailErrors.reason")}</Table.Th>
                <Table.Th>{t("mailErrors.source")}</Table.Th>
                <Table.Th>{t("mailErrors.occurrences")}</Table.Th>
                <Table.Th>{t("mailErrors.lastSeenAt")}</Table.Th>
                <Table.Th>{t("common.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid="mail-error-row">
                  <Table.Td>{row.email}</Table.Td>
                  <Table.Td>
                    <Badge color={KIND_COLORS[row.kind]} variant={row.isSuppressing ? "filled" : "light"}>
                      {t(`mailErrors.kinds.${row.kind}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {row.reason ?? "—"}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`mailErrors.sources.${row.source}`)}</Table.Td>
                  <Table.Td>{new Intl.NumberFormat(i18n.language).format(row.occurrences)}</Table.Td>
                  <Table.Td>{formatDateTime(row.lastSeenAt, i18n.language)}</Table.Td>
                  <Table.Td>
                    <ActionsMenu label={t("mailErrors.actionsOf", { email: row.email })}>
                      <Menu.Item onClick={() => setEditing(row)}>{t("common.edit")}</Menu.Item>
                      <Menu.Item color="red" onClick={() => setDeleting(row)}>
                        {t("common.delete")}
                      </Menu.Item>
                    </ActionsMenu>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListFooter pagination={pagination} pageCount={pageCountOf(pagination)} onPage={setPage} />
      {editing && (
        <MailErrorFormModal
          accountId={account.id}
          mailError={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmModal
          title={t("mailErrors.deleteTitle")}
          message={t("mailErrors.deleteConfirm", { email: deleting.email })}
          confirmLabel={t("common.delete")}
          onConfirm={() => remove.mutateAsync(deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
