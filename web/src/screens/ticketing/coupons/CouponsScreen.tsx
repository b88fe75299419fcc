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
import { ActionsMenu } from "@/components/ActionsMenu.tsx";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { IconPlus } from "@/components/icons.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { useTickets } from "@/queries/ticketing.ts";
import { useCoupons, useRemoveCoupon, type CouponJson } from "@/queries/ticketingCoupons.ts";
import { useCurrentEvent } from "../../events/EventContext.ts";
import { CouponDrawer } from "./CouponDrawer.tsx";
import { discountText, zonedDateTimeText } from "./couponDisplay.ts";

type Editing = { coupon?: CouponJson } | null;

/** The Ticketing section's Coupons tab: the event's coupons, their discount and what limits them. */
export function CouponsScreen() {
  const { t, i18n } = useTranslation("web");
  const language = i18n.language as Language;
  const { accountId, event } = useCurrentEvent();
  const canEdit = Boolean(event.abilities.update);
  const coupons = useCoupons(accountId, event.id);
  const tickets = useTickets(accountId, event.id);
  const remove = useRemoveCoupon(accountId, event.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CouponJson | null>(null);

  const failure = coupons.error ?? tickets.error;
  if (failure) return <FailureAlert message={failure.message} />;
  if (!coupons.data || !tickets.data) {
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }
  const captions = new Map(tickets.data.map((ticket) => [ticket.id, ticket.caption]));
  const appliesTo = (coupon: CouponJson) =>
    coupon.ticketIds.length === 0
      ? t("ticketing.coupons.allTickets")
      : coupon.ticketIds.map((id) => captions.get(id) ?? "?").join(", ");

  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-labelledby="coupons-title">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4" id="coupons-title">
              {t("ticketing.coupons.title")}
            </Title>
            {canEdit && (
              <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing({})}>
                {t("ticketing.coupons.create")}
              </Button>
            )}
          </Group>
          {coupons.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("ticketing.coupons.empty")}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table data-testid="coupons-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("ticketing.coupons.code")}</Table.Th>
                    <Table.Th>{t("ticketing.coupons.discount")}</Table.Th>
                    <Table.Th>{t("ticketing.coupons.redemptions")}</Table.Th>
                    <Table.Th>{t("ticketing.coupons.combinableColumn")}</Table.Th>
                    <Table.Th>{t("ticketing.coupons.redeemBy")}</Table.Th>
                    <Table.Th>{t("ticketing.coupons.tickets")}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t("common.actions")}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {coupons.data.map((coupon) => (
                    <Table.Tr key={coupon.id} data-testid="coupon-row">
                      <Table.Td>
                        <Text size="sm" fw={600} ff="monospace">
                          {coupon.code}
                        </Text>
                      </Table.Td>
                      <Table.Td>{discountText(coupon, language)}</Table.Td>
                      <Table.Td>
                        {coupon.maxRedemptions === null
                          ? t("ticketing.coupons.redeemedUnlimited", { count: coupon.redemptions })
                          : t("ticketing.coupons.redeemedOf", {
                              count: coupon.redemptions,
                              max: new Intl.NumberFormat(language).format(coupon.maxRedemptions),
                            })}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={coupon.combinable ? "green" : "gray"} variant="light">
                          {t(coupon.combinable ? "common.yes" : "common.no")}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {zonedDateTimeText(coupon.redeemBy, language, event.timezone) ?? t("ticketing.coupons.noEnd")}
                      </Table.Td>
                      <Table.Td>{appliesTo(coupon)}</Table.Td>
                      <Table.Td>
                        {canEdit && (
                          <ActionsMenu label={t("ticketing.coupons.actions", { code: coupon.code })}>
                            <Menu.Item onClick={() => setEditing({ coupon })}>{t("common.edit")}</Menu.Item>
                            <Menu.Item color="red" onClick={() => setDeleting(coupon)}>
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
        <CouponDrawer
          key={editing.coupon?.id ?? "new"}
          accountId={accountId}
          eventId={event.id}
          timeZone={event.timezone}
          coupon={editing.coupon}
          tickets={tickets.data}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmModal
          title={t("ticketing.coupons.deleteTitle", { code: deleting.code })}
          message={t("ticketing.coupons.deleteMessage")}
          confirmLabel={t("common.delete")}
          onConfirm={async () => {
            await remove.mutateAsync(deleting.id);
            notifySuccess(t("ticketing.coupons.deleted", { code: deleting.code }));
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
