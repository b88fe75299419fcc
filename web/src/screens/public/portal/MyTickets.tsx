import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/app/formatDate.ts";
import { useMyTickets, type PortalTicketJson } from "@/queries/ticketOffice.ts";
import { useGuestSite } from "../guestSiteContext.ts";
import { MemberList } from "./MemberSection.tsx";
import { ORDER_STATUS_COLOURS } from "./orderStatusColours.ts";

function TicketCard({ ticket }: { ticket: PortalTicketJson }) {
  const { t } = useTranslation("web");
  const { language } = useGuestSite();
  const date = formatDateTime(ticket.orderedAt, language);
  // Who bought it: the guest, another guest for them (a godfather), or the organizer.
  const provenance = () => {
    if (ticket.boughtByYou) return t("public.myTickets.boughtByYou", { date });
    if (ticket.buyerName) return t("public.myTickets.boughtBy", { name: ticket.buyerName, date });
    return t("public.myTickets.issued", { date });
  };
  const caption =
    ticket.quantity > 1
      ? t("public.orders.line", { quantity: ticket.quantity, caption: ticket.caption })
      : ticket.caption;
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="my-ticket">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600}>{caption}</Text>
          <Text size="xs" c="dimmed">
            {provenance()}
          </Text>
        </Stack>
        <Badge color={ORDER_STATUS_COLOURS[ticket.status]} variant="light">
          {t(`public.myTickets.status.${ticket.status}`)}
        </Badge>
      </Group>
    </Paper>
  );
}

/**
 * "My tickets": what the guest holds, whoever bought it — their own pass, or the one a godfather paid for, which
 * is in the godfather's orders and not theirs. Nothing held, nothing shown.
 */
export function MyTickets() {
  const { t } = useTranslation("web");
  const { eventSlug } = useGuestSite();
  const tickets = useMyTickets(eventSlug);
  return (
    <MemberList
      title={t("public.myTickets.title")}
      testId="my-tickets"
      items={tickets.data?.data}
      isError={tickets.isError}
      onRetry={() => void tickets.refetch()}
      keyOf={(ticket) => ticket.itemId}
      render={(ticket) => <TicketCard ticket={ticket} />}
    />
  );
}
