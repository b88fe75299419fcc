import { Badge, Center, Group, Loader, Select, Table, Text, Title } from "@mantine/core";
import { RECIPIENT_MAIL_STATUSES, type RecipientMailStatus } from "@tessera/shared/schemas/campaignStatistics";
import { useCallback, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/app/formatDate.ts";
import { ListFooter } from "@/components/ListFooter.tsx";
import { ScreenAlerts } from "@/components/ScreenAlerts.tsx";
import { SearchField } from "@/components/SearchField.tsx";
import {
  CAMPAIGN_RECIPIENTS_PER_PAGE,
  useCampaignRecipientStats,
  type CampaignRecipientsQuery,
} from "@/queries/campaignStatistics.ts";
import { pageCountOf } from "@/queries/pages.ts";
import { suppressionReason } from "./campaignFigures.ts";

const STATUS_COLORS: Record<RecipientMailStatus, string> = {
  queued: "gray",
  sent: "blue",
  delivered: "cyan",
  opened: "teal",
  clicked: "grape",
  unsubscribed: "orange",
  bounce: "red",
  blocked: "dark",
  error: "red",
};

/**
 * The campaign's recipients, each with their mail status (spec §4), kept to one status, searched by name or
 * address, a page at a time; read again with the figures while it is being sent.
 */
export function CampaignRecipientsTable({
  accountId,
  eventId,
  campaignId,
  timezone,
  sending,
}: {
  accountId: string;
  eventId: string;
  campaignId: string;
  timezone: string;
  sending: boolean;
}) {
  const { t, i18n } = useTranslation("web");
  const titleId = useId();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<RecipientMailStatus | null>(null);
  const [page, setPage] = useState(1);
  const query: CampaignRecipientsQuery = {
    page,
    perPage: CAMPAIGN_RECIPIENTS_PER_PAGE,
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
  };
  const recipients = useCampaignRecipientStats(accountId, eventId, campaignId, query, sending);
  const changeSearch = useCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, []);
  const key = "statistics.campaigns.recipients";
  const rows = recipients.data?.data ?? [];
  const pagination = recipients.data?.pagination ?? { page, perPage: CAMPAIGN_RECIPIENTS_PER_PAGE, total: 0 };
  const errorText = (error: string | null) => {
    const reason = suppressionReason(error);
    return reason ? t(`campaigns.unsent.reasons.${reason}`) : (error ?? "—");
  };
  const date = (value: string | null) => (value ? formatDateTime(value, i18n.language, timezone) : "—");
  return (
    <section aria-labelledby={titleId} data-testid="campaign-recipients">
      <Title order={2} size="h4" id={titleId} mb="sm">
        {t(`${key}.title`)}
      </Title>
      <ScreenAlerts loadError={recipients.error} onRetry={() => void recipients.refetch()} />
      <Group mb="md" align="flex-end">
        <SearchField label={t(`${key}.search`)} initialValue={search} onSearch={changeSearch} />
        <Select
          aria-label={t(`${key}.status`)}
          w={220}
          value={status ?? "all"}
          allowDeselect={false}
          data={[
            { value: "all", label: t(`${key}.allStatuses`) },
            ...RECIPIENT_MAIL_STATUSES.map((value) => ({ value, label: t(`guests.mailStatus.${value}`) })),
          ]}
          onChange={(value) => {
            setStatus(value && value !== "all" ? (value as RecipientMailStatus) : null);
            setPage(1);
          }}
        />
      </Group>
      {recipients.isPending ? (
        <Center p="xl">
          <Loader size="sm" aria-label={t(`${key}.title`)} />
        </Center>
      ) : recipients.isError ? null : rows.length === 0 ? (
        <Text c="dimmed" ta="center" p="xl" size="sm">
          {search || status ? t("common.noMatch") : t(`${key}.empty`)}
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={980}
          scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": t(`${key}.title`) } }}
        >
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t(`${key}.name`)}</Table.Th>
                <Table.Th scope="col">{t(`${key}.email`)}</Table.Th>
                <Table.Th scope="col">{t(`${key}.status`)}</Table.Th>
                <Table.Th scope="col">{t(`${key}.sentAt`)}</Table.Th>
                <Table.Th scope="col">{t(`${key}.openedAt`)}</Table.Th>
                <Table.Th scope="col">{t(`${key}.clickedAt`)}</Table.Th>
                <Table.Th scope="col">{t(`${key}.error`)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid="campaign-recipient-row">
                  <Table.Td>{[row.firstName, row.lastName].filter(Boolean).join(" ") || "—"}</Table.Td>
                  <Table.Td>{row.email}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={STATUS_COLORS[row.status]}
                      styles={{ root: { overflow: "visible" }, label: { overflow: "visible" } }}
                    >
                      {t(`guests.mailStatus.${row.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{date(row.sentAt)}</Table.Td>
                  <Table.Td>{date(row.openedAt)}</Table.Td>
                  <Table.Td>{date(row.clickedAt)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {errorText(row.error)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListFooter pagination={pagination} pageCount={pageCountOf(pagination)} onPage={setPage} />
    </section>
  );
}
