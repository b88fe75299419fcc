import { Badge, Group, Paper, Select, Table, Text, Title } from "@mantine/core";
import type { CreditKind } from "@tessera/shared/rules/campaigns";
import { CREDIT_PACK_STATUSES } from "@tessera/shared/schemas/credits";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { formatDateTime } from "@/app/formatDate.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { ListFooter } from "@/components/ListFooter.tsx";
import { useCreditPacks, type CreditPackJson, type CreditPacksQuery } from "@/queries/credits.ts";
import { pageCountOf } from "@/queries/pages.ts";
import { formatCreditDay } from "./creditDates.ts";

const PER_PAGE = 20;
type Status = (typeof CREDIT_PACK_STATUSES)[number];

function StatusBadge({ pack }: { pack: CreditPackJson }) {
  const { t } = useTranslation("web");
  if (pack.isExpired)
    return (
      <Badge color="gray" variant="light">
        {t("credits.status.expired")}
      </Badge>
    );
  if (pack.remaining === 0)
    return (
      <Badge color="gray" variant="outline">
        {t("credits.status.spent")}
      </Badge>
    );
  return (
    <Badge color="teal" variant="light">
      {t("credits.status.usable")}
    </Badge>
  );
}

/** The account's packs of one kind, newest first: amount, what is left, the last day, who added it. */
export function CreditPacksTable({ accountId, kind }: { accountId: string; kind: CreditKind }) {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const [status, setStatus] = useState<Status | null>(null);
  const [page, setPage] = useState(1);
  const query: CreditPacksQuery = { page, perPage: PER_PAGE, ...(status ? { status } : {}) };
  const packs = useCreditPacks(accountId, kind, query);
  const rows = packs.data?.data ?? [];
  const pagination = packs.data?.pagination ?? { page, perPage: PER_PAGE, total: 0 };
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-end" mb="sm">
        <Title order={2} size="h4">
          {t("credits.packs.title")}
        </Title>
        <Select
          label={t("credits.packs.status")}
          w={220}
          value={status ?? "all"}
          allowDeselect={false}
          data={[
            { value: "all", label: t("credits.status.all") },
            ...CREDIT_PACK_STATUSES.map((value) => ({ value, label: t(`credits.status.${value}`) })),
          ]}
          onChange={(value) => {
            setStatus(value && value !== "all" ? (value as Status) : null);
            setPage(1);
          }}
        />
      </Group>
      {packs.error && <FailureAlert message={errorMessage(packs.error, t)} />}
      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" p="lg" size="sm">
          {packs.isPending ? "…" : t("credits.packs.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={720}
          // Scrolled sideways on a phone: the keyboard reaches it too (WCAG 2.1.1).
          scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": t("credits.packs.title") } }}
        >
          <Table verticalSpacing="sm" data-testid={`credit-packs-${kind}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("credits.amount")}</Table.Th>
                <Table.Th>{t("credits.packs.remaining")}</Table.Th>
                <Table.Th>{t("credits.expiresAt")}</Table.Th>
                <Table.Th>{t("credits.author")}</Table.Th>
                <Table.Th>{t("credits.packs.addedOn")}</Table.Th>
                <Table.Th>{t("credits.packs.status")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((pack) => (
                <Table.Tr key={pack.id} data-testid="credit-pack-row">
                  <Table.Td>{number(pack.amount)}</Table.Td>
                  <Table.Td>{number(pack.remaining)}</Table.Td>
                  <Table.Td>{formatCreditDay(pack.expiresOn, i18n.language)}</Table.Td>
                  <Table.Td>{pack.author?.name ?? t("credits.noAuthor")}</Table.Td>
                  <Table.Td>{formatDateTime(pack.createdAt, i18n.language)}</Table.Td>
                  <Table.Td>
                    <StatusBadge pack={pack} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListFooter pagination={pagination} pageCount={pageCountOf(pagination)} onPage={setPage} />
    </Paper>
  );
}
