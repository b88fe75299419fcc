import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Menu,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import type { Language } from "@tessera/shared/i18n/languages";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "@/app/formatMoney.ts";
import { ActionsMenu } from "@/components/ActionsMenu.tsx";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { IconPlus } from "@/components/icons.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { useRemoveTicket, useTicketCategories, useTickets, type TicketJson } from "@/queries/ticketing.ts";
import { useCurrentEvent } from "../events/EventContext.ts";
import { CategoriesPanel } from "./CategoriesPanel.tsx";
import { shownPeriod, TICKETING_CURRENCY } from "./prices.ts";
import { TicketDrawer } from "./TicketDrawer.tsx";

type Editing = { ticket?: TicketJson } | null;

/** The Ticketing section's Tickets tab: the categories, and the tickets with their prices. */
export function TicketsScreen() {
  const { t, i18n } = useTranslation("web");
  const { accountId, event } = useCurrentEvent();
  const canEdit = Boolean(event.abilities.update);
  const categories = useTicketCategories(accountId, event.id);
  const tickets = useTickets(accountId, event.id);
  const remove = useRemoveTicket(accountId, event.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TicketJson | null>(null);

  const failure = categories.error ?? tickets.error;
  if (failure) return <FailureAlert message={failure.message} />;
  if (!categories.data || !tickets.data) {
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }
  const categoryName = (id: string | null) => categories.data.find((category) => category.id === id)?.name;
  const priceOf = (ticket: TicketJson) => {
    const current = shownPeriod(ticket.pricePeriods, new Date());
    return current ? formatMoney(current.priceInclTaxCents, TICKETING_CURRENCY, i18n.language as Language) : "—";
  };

  return (
    <Stack gap="md">
      <CategoriesPanel accountId={accountId} eventId={event.id} categories={categories.data} canEdit={canEdit} />
      <Paper withBorder p="md" component="section" aria-labelledby="tickets-title">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4" id="tickets-title">
              {t("ticketing.tickets.title")}
            </Title>
            {canEdit && (
              <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing({})}>
                {t("ticketing.tickets.create")}
              </Button>
            )}
          </Group>
          {tickets.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("ticketing.tickets.empty")}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table data-testid="tickets-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("ticketing.tickets.caption")}</Table.Th>
                    <Table.Th>{t("ticketing.tickets.category")}</Table.Th>
                    <Table.Th>{t("ticketing.tickets.price")}</Table.Th>
                    <Table.Th>{t("ticketing.tickets.status")}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t("common.actions")}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {tickets.data.map((ticket) => (
                    <Table.Tr key={ticket.id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {ticket.caption}
                        </Text>
                        {ticket.isOption && (
                          <Badge size="xs" variant="light">
                            {t("ticketing.tickets.option")}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{categoryName(ticket.categoryId) ?? "—"}</Table.Td>
                      <Table.Td>{priceOf(ticket)}</Table.Td>
                      <Table.Td>
                        <Badge color={ticket.isOnSale ? "green" : "gray"} variant="light">
                          {t(ticket.isOnSale ? "ticketing.tickets.onSale" : "ticketing.tickets.notOnSale")}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {canEdit && (
                          <ActionsMenu label={t("ticketing.tickets.actions", { caption: ticket.caption })}>
                            <Menu.Item onClick={() => setEditing({ ticket })}>{t("common.edit")}</Menu.Item>
                            <Menu.Item color="red" onClick={() => setDeleting(ticket)}>
                              {t("common.delete")}
                            </Menu.Item>
                          </ActionsMenu>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>
      {editing && (
        <TicketDrawer
          key={editing.ticket?.id ?? "new"}
          accountId={accountId}
          eventId={event.id}
          timeZone={event.timezone}
          ticket={editing.ticket}
          categories={categories.data}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmModal
          title={t("ticketing.tickets.deleteTitle", { caption: deleting.caption })}
          message={t("ticketing.tickets.deleteMessage")}
          confirmLabel={t("common.delete")}
          onConfirm={async () => {
            await remove.mutateAsync(deleting.id);
            notifySuccess(t("ticketing.tickets.deleted", { caption: deleting.caption }));
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
