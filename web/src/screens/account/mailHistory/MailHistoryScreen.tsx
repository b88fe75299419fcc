import { Anchor, Center, Group, Loader, Table, Text, UnstyledButton } from "@mantine/core";
import type { MailHistorySort } from "@tessera/shared/schemas/campaignStatistics";
import { useCallback, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "@/app/formatDate.ts";
import { ListFooter } from "@/components/ListFooter.tsx";
import { ScreenAlerts } from "@/components/ScreenAlerts.tsx";
import { SearchField } from "@/components/SearchField.tsx";
import type { AccountJson } from "@/queries/accounts.ts";
import { MAIL_HISTORY_PER_PAGE, useMailHistory, type MailHistoryQuery } from "@/queries/campaignStatistics.ts";
import { pageCountOf } from "@/queries/pages.ts";
import { ScreenHeader } from "../../shell/ScreenHeader.tsx";
import { formatRate, headlineRates } from "../../statistics/campaigns/campaignFigures.ts";

type Order = "asc" | "desc";
/** Dates and counts newest or largest first at the first click; names from A. */
const FIRST_ORDER: Record<MailHistorySort, Order> = {
  startedAt: "desc",
  name: "asc",
  eventName: "asc",
  recipients: "desc",
};

/**
 * /manage/mail-history (spec §2 account level): every campaign the account's events sent, newest first, with its
 * event, when it went, its recipients, the credits it used and what became of its messages; found by campaign or
 * event name, sorted by a column's header. A campaign's name opens its statistics.
 */
export function MailHistoryScreen({ account }: { account: AccountJson }) {
  const { t, i18n } = useTranslation("web");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ by: MailHistorySort; order: Order }>({ by: "startedAt", order: "desc" });
  const query: MailHistoryQuery = {
    page,
    perPage: MAIL_HISTORY_PER_PAGE,
    sort: sort.by,
    order: sort.order,
    ...(search ? { search } : {}),
  };
  const history = useMailHistory(account.id, query);
  const changeSearch = useCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, []);
  const sortBy = (by: MailHistorySort) => {
    setSort((current) =>
      current.by === by ? { by, order: current.order === "asc" ? "desc" : "asc" } : { by, order: FIRST_ORDER[by] },
    );
    setPage(1);
  };
  const number = new Intl.NumberFormat(i18n.language);
  const rate = (value: number | null) => formatRate(value, i18n.language);
  const rows = history.data?.data ?? [];
  const pagination = history.data?.pagination ?? { page, perPage: MAIL_HISTORY_PER_PAGE, total: 0 };
  const header = (by: MailHistorySort, label: string, align?: "right") => (
    <SortableHeader label={label} active={sort.by === by} order={sort.order} onSort={() => sortBy(by)} align={align} />
  );
  const key = "mailHistory.columns";
  return (
    <>
      <ScreenHeader title={t("mailHistory.title")} description={t("mailHistory.description")} />
      <ScreenAlerts loadError={history.error} onRetry={() => void history.refetch()} />
      <Group mb="md" align="flex-end">
        <SearchField label={t("mailHistory.search")} initialValue={search} onSearch={changeSearch} />
      </Group>
      {history.isPending ? (
        <Center p="xl">
          <Loader size="sm" aria-label={t("mailHistory.title")} />
        </Center>
      ) : history.isError ? null : rows.length === 0 ? (
        <Text c="dimmed" ta="center" p="xl" size="sm">
          {search ? t("common.noMatch") : t("mailHistory.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={1000}
          scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": t("mailHistory.title") } }}
        >
          <Table verticalSpacing="sm" data-testid="mail-history">
            <Table.Thead>
              <Table.Tr>
                {header("name", t(`${key}.name`))}
                {header("eventName", t(`${key}.event`))}
                {header("startedAt", t(`${key}.startedAt`))}
                {header("recipients", t(`${key}.recipients`), "right")}
                <Table.Th scope="col" ta="right">
                  {t(`${key}.creditsUsed`)}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t(`${key}.delivered`)}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t(`${key}.opened`)}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t(`${key}.clicked`)}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t(`${key}.bounced`)}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const rates = headlineRates(row.figures);
                const withRate = (count: number, share: number | null): ReactNode => (
                  <>
                    {number.format(count)}{" "}
                    <Text span size="xs" c="dimmed">
                      ({rate(share)})
                    </Text>
                  </>
                );
                return (
                  <Table.Tr key={row.id} data-testid="mail-history-row">
                    <Table.Th scope="row" fw={500}>
                      <Anchor
                        component={Link}
                        to={`/manage/events/${row.eventId}/statistics/campaigns/${row.id}`}
                        size="sm"
                      >
                        {row.name}
                      </Anchor>
                      <div>
                        <small>{t(`campaigns.types.${row.type}`)}</small>
                      </div>
                    </Table.Th>
                    <Table.Td>{row.eventName}</Table.Td>
                    <Table.Td>{row.startedAt ? formatDateTime(row.startedAt, i18n.language) : "—"}</Table.Td>
                    <Table.Td ta="right">{number.format(row.figures.recipients)}</Table.Td>
                    <Table.Td ta="right">{number.format(row.creditsUsed)}</Table.Td>
                    <Table.Td ta="right">{number.format(rates.base)}</Table.Td>
                    <Table.Td ta="right">{withRate(row.figures.openedByPeople, rates.opened)}</Table.Td>
                    <Table.Td ta="right">{withRate(row.figures.clicked, rates.clicked)}</Table.Td>
                    <Table.Td ta="right">{withRate(row.figures.bounced, rates.bounced)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListFooter pagination={pagination} pageCount={pageCountOf(pagination)} onPage={setPage} />
    </>
  );
}

/** A column's header that sorts the history by it (aria-sort says how it is sorted now). */
function SortableHeader({
  label,
  active,
  order,
  onSort,
  align,
}: {
  label: string;
  active: boolean;
  order: Order;
  onSort: () => void;
  align?: "right";
}) {
  const { t } = useTranslation("web");
  return (
    <Table.Th scope="col" ta={align} aria-sort={active ? (order === "asc" ? "ascending" : "descending") : "none"}>
      <UnstyledButton onClick={onSort} fw={700} fz="sm" title={t("mailHistory.sortBy", { column: label })}>
        {label}
        <span aria-hidden="true">{active ? (order === "asc" ? " ▲" : " ▼") : ""}</span>
      </UnstyledButton>
    </Table.Th>
  );
}
