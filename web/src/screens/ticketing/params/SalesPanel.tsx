import { Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { useUpdateTicketingParams, type TicketingParamsJson } from "@/queries/ticketingParams.ts";
import { zonedDateTimeText } from "../coupons/couponDisplay.ts";

/**
 * The ticket office (spec §4): opened or closed, and the button that starts or stops sales. Starting is the API's
 * to allow: its refusal (billing information, a ticket on sale, an online registration form, a payment method
 * missing) is shown as it says it, in the user's language.
 */
export function SalesPanel({
  accountId,
  eventId,
  timeZone,
  params,
  canEdit,
}: {
  accountId: string;
  eventId: string;
  timeZone: string;
  params: TicketingParamsJson;
  canEdit: boolean;
}) {
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const update = useUpdateTicketingParams(accountId, eventId);
  const [failure, setFailure] = useState<string | null>(null);
  const [isConfirmingStop, setConfirmingStop] = useState(false);
  const [stopRegistrations, setStopRegistrations] = useState(false);
  const isOpened = params.ticketOffice === "opened";
  const since = zonedDateTimeText(params.salesStartedAt, i18n.language, timeZone);

  async function start() {
    setFailure(null);
    try {
      await update.mutateAsync({ ticketOffice: "opened" });
      notifySuccess(t("ticketing.params.sales.started"));
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="sales-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            <Title order={2} size="h4" id="sales-title">
              {t("ticketing.params.sales.title")}
            </Title>
            <Badge color={isOpened ? "green" : "gray"} variant="light" data-testid="ticket-office">
              {t(isOpened ? "ticketing.params.sales.opened" : "ticketing.params.sales.closed")}
            </Badge>
            <Badge color={params.mode === "live" ? "blue" : "orange"} variant="light">
              {t(params.mode === "live" ? "ticketing.params.modes.live" : "ticketing.params.modes.test")}
            </Badge>
          </Group>
          {canEdit &&
            (isOpened ? (
              <Button color="red" variant="light" onClick={() => setConfirmingStop(true)}>
                {t("ticketing.params.sales.stop")}
              </Button>
            ) : (
              <Button loading={update.isPending} onClick={() => void start()}>
                {t("ticketing.params.sales.start")}
              </Button>
            ))}
        </Group>
        <Text size="sm" c="dimmed">
          {isOpened && since
            ? t("ticketing.params.sales.openedSince", { date: since })
            : t("ticketing.params.sales.help")}
        </Text>
        <FailureAlert message={failure} />
      </Stack>
      {isConfirmingStop && (
        <ConfirmModal
          title={t("ticketing.params.sales.stopTitle")}
          message={
            <Stack gap="sm">
              <Text size="sm">{t("ticketing.params.sales.stopMessage")}</Text>
              <Checkbox
                checked={stopRegistrations}
                onChange={(event) => setStopRegistrations(event.currentTarget.checked)}
                label={t("ticketing.params.sales.stopRegistrations")}
              />
            </Stack>
          }
          confirmLabel={t("ticketing.params.sales.stop")}
          onConfirm={async () => {
            await update.mutateAsync({ ticketOffice: "closed", stopRegistrations });
            setFailure(null);
            notifySuccess(t("ticketing.params.sales.stopped"));
          }}
          onClose={() => setConfirmingStop(false)}
        />
      )}
    </Paper>
  );
}
