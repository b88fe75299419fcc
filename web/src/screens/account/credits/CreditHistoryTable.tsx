import { Paper, Table, Text, Title } from "@mantine/core";
import type { CreditKind } from "@tessera/shared/rules/campaigns";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { formatDateTime } from "@/app/formatDate.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { ListFooter } from "@/components/ListFooter.tsx";
import { useCreditMovements } from "@/queries/credits.ts";
import { pageCountOf } from "@/queries/pages.ts";
import { formatCreditDay } from "./creditDates.ts";

const PER_PAGE = 20;

/** The movements of the account's credits of one kind, newest first: added (+) or taken (-), why, by whom. */
export function CreditHistoryTable({ accountId, kind }: { accountId: string; kind: CreditKind }) {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const [page, setPage] = useState(1);
  const movements = useCreditMovements(accountId, kind, { page, perPage: PER_PAGE });
  const rows = movements.data?.data ?? [];
  const pagination = movements.data?.pagination ?? { page, perPage: PER_PAGE, total: 0 };
  const signed = new Intl.NumberFormat(i18n.language, { signDisplay: "always" });

  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {t("credits.history.title")}
      </Title>
      {movements.error && <FailureAlert message={errorMessage(movements.error, t)} />}
      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" p="lg" size="sm">
          {movements.isPending ? "…" : t("credits.history.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={720}
          // Scrolled sideways on a phone: the keyboard reaches it too (WCAG 2.1.1).
          scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": t("credits.history.title") } }}
        >
          <Table verticalSpacing="sm" data-testid={`credit-history-${kind}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("credits.history.date")}</Table.Th>
                <Table.Th>{t("credits.history.change")}</Table.Th>
                <Table.Th>{t("credits.history.reason")}</Table.Th>
                <Table.Th>{t("credits.history.packExpiry")}</Table.Th>
                <Table.Th>{t("credits.author")}</Table.Th>
                <Table.Th>{t("credits.history.note")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((movement) => (
                <Table.Tr key={movement.id} data-testid="credit-movement-row">
                  <Table.Td>{formatDateTime(movement.createdAt, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} c={movement.delta < 0 ? "red.8" : "teal.9"}>
                      {signed.format(movement.delta)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`credits.reasons.${movement.reason}`)}</Table.Td>
                  <Table.Td>{formatCreditDay(movement.packExpiresOn, i18n.language)}</Table.Td>
                  <Table.Td>{movement.author?.name ?? t("credits.noAuthor")}</Table.Td>
                  <Table.Td>{movement.note ?? ""}</Table.Td>
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
