import {
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Input,
  Loader,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { Language } from "@tessera/shared/i18n/languages";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { formatDateTime } from "@/app/formatDate.ts";
import { formatMoney } from "@/app/formatMoney.ts";
import { useListViewParams } from "@/app/useViewParams.ts";
import { ExportMenu } from "@/components/ExportMenu.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { OrderStatusBadge } from "@/components/OrderStatusBadge.tsx";
import { IconPlus } from "@/components/icons.tsx";
import { ListFooter } from "@/components/ListFooter.tsx";
import { SearchField } from "@/components/SearchField.tsx";
import { pageCountOf } from "@/queries/pages.ts";
import { ORDERS_PER_PAGE, ordersExportUrl, useOrdersPage } from "@/queries/ticketingOrders.ts";
import { useCurrentEvent } from "../../events/EventContext.ts";
import { errorMessage } from "@/app/errorMessage.ts";
import { buyerName } from "./orderDisplay.ts";
import { useOrdersBase } from "./ordersBase.ts";
import {
  countOf,
  dayPatch,
  isFiltered,
  ordersExportQuery,
  ordersListQuery,
  ordersViewOf,
  rangeDay,
  STATUS_TABS,
  type StatusTab,
} from "./ordersView.ts";

/**
 * The Ticketing section's Order history tab (spec §2, §3 Order, §4 statuses): the event's orders, newest first,
 * by status with the filter's counts, searched, between two days, a page at a time; the view is in the address.
 */
export function OrdersScreen() {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const language = i18n.language as Language;
  const { accountId, event } = useCurrentEvent();
  const base = useOrdersBase();
  const navigate = useNavigate();
  const canEdit = Boolean(event.abilities.update);
  const { params, changeView, onSearch } = useListViewParams();
  const view = ordersViewOf(params);
  const orders = useOrdersPage(accountId, event.id, ordersListQuery(view));
  const statusLabel = (tab: StatusTab) =>
    tab === "all" ? t("ticketing.orders.allStatuses") : t(`guests.orders.status.${tab}`);

  const page = orders.data;
  const pagination = page?.pagination ?? { page: view.page, perPage: ORDERS_PER_PAGE, total: 0 };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="orders-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="orders-title">
            {t("ticketing.orders.title")}
          </Title>
          <Group gap="xs">
            <ExportMenu
              size="xs"
              label={t("ticketing.orders.export")}
              formatLabels={{ csv: t("ticketing.orders.exportCsv"), xlsx: t("ticketing.orders.exportXlsx") }}
              hrefOf={(format) => ordersExportUrl(accountId, event.id, ordersExportQuery(view, format))}
            />
            {canEdit && (
              <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => navigate(`${base}/new`)}>
                {t("ticketing.orders.newOrder")}
              </Button>
            )}
          </Group>
        </Group>
        <Tabs
          value={view.status}
          onChange={(value) => value && changeView({ status: value === "all" ? null : value })}
          variant="outline"
        >
          <Tabs.List aria-label={t("ticketing.orders.statusFilter")}>
            {STATUS_TABS.map((tab) => {
              const count = countOf(page?.counts, tab);
              return (
                <Tabs.Tab
                  key={tab}
                  value={tab}
                  data-testid={`orders-status-${tab}`}
                  rightSection={
                    count !== undefined && (
                      <Badge size="sm" variant="light" color="gray" data-testid="orders-status-count">
                        {new Intl.NumberFormat(language).format(count)}
                      </Badge>
                    )
                  }
                >
                  {statusLabel(tab)}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
        </Tabs>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchField label={t("ticketing.orders.search")} initialValue={view.search} onSearch={onSearch} />
          <Input.Wrapper label={t("ticketing.orders.dateRange")}>
            <Group gap="xs" mt={4} wrap="nowrap">
              <TextInput
                type="date"
                aria-label={t("ticketing.orders.dateFrom")}
                data-testid="orders-from"
                value={rangeDay(view.from)}
                max={rangeDay(view.to) || undefined}
                onChange={(event) => changeView(dayPatch("from", event.currentTarget.value))}
              />
              <TextInput
                type="date"
                aria-label={t("ticketing.orders.dateTo")}
                data-testid="orders-to"
                value={rangeDay(view.to)}
                min={rangeDay(view.from) || undefined}
                onChange={(event) => changeView(dayPatch("to", event.currentTarget.value))}
              />
            </Group>
          </Input.Wrapper>
        </Group>
        <FailureAlert message={orders.error ? errorMessage(orders.error, t) : null} />
        {!page ? (
          orders.isPending && (
            <Center p="xl">
              <Loader size="sm" />
            </Center>
          )
        ) : page.data.length === 0 ? (
          <Text c="dimmed" ta="center" p="xl" size="sm">
            {isFiltered(view) ? t("common.noMatch") : t("ticketing.orders.empty")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={860}>
            <Table data-testid="orders-table" aria-busy={orders.isFetching} verticalSpacing="xs">
              <Table.Caption>{t("ticketing.orders.caption")}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("ticketing.orders.reference")}</Table.Th>
                  <Table.Th>{t("ticketing.orders.buyer")}</Table.Th>
                  <Table.Th>{t("ticketing.orders.date")}</Table.Th>
                  <Table.Th>{t("ticketing.orders.status")}</Table.Th>
                  <Table.Th>{t("ticketing.orders.paymentMethod")}</Table.Th>
                  <Table.Th ta="right">{t("ticketing.orders.totalInclTax")}</Table.Th>
                  <Table.Th ta="right">{t("ticketing.orders.refunded")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.data.map((order) => (
                  <Table.Tr key={order.id} data-testid="order-row">
                    <Table.Td>
                      <Anchor component={Link} to={`${base}/${order.id}`} ff="monospace" size="sm" fw={600}>
                        {order.reference ?? t("ticketing.orders.noReference")}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{buyerName(order)}</Text>
                      {order.orderedBy && order.email && (
                        <Text size="xs" c="dimmed">
                          {order.email}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(order.orderedAt, language, event.timezone)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <OrderStatusBadge status={order.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {order.paymentMethod ? t(`guests.orders.paymentMethod.${order.paymentMethod}`) : "—"}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{formatMoney(order.totalInclTaxCents, order.currency, language)}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">
                        {order.refundedCents > 0 ? formatMoney(order.refundedCents, order.currency, language) : "—"}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ListFooter
          pagination={pagination}
          pageCount={pageCountOf(pagination)}
          onPage={(next) => changeView({ page: next > 1 ? String(next) : null })}
        />
      </Stack>
    </Paper>
  );
}
