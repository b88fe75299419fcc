import { Paper, Select, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { OrganizerJson, TicketingParamsJson } from "@/queries/ticketingParams.ts";
import { BillingForm } from "./BillingForm.tsx";

const NEW_ORGANIZER = "new";

/**
 * The billing information of the event's sales (spec §3 Organizer/billing): which organizer of the account bills
 * them, and that organizer's details. Organizers belong to the account: one set up for another event can be
 * chosen, and a change to one shows on every event it bills.
 */
export function BillingPanel({
  accountId,
  eventId,
  organizers,
  params,
  canEdit,
}: {
  accountId: string;
  eventId: string;
  organizers: readonly OrganizerJson[];
  params: TicketingParamsJson;
  canEdit: boolean;
}) {
  const { t } = useTranslation("web");
  const [chosen, setChosen] = useState<string>(params.organizerId ?? organizers[0]?.id ?? NEW_ORGANIZER);
  const organizer = organizers.find((candidate) => candidate.id === chosen);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="billing-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="billing-title">
          {t("ticketing.params.billing.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("ticketing.params.billing.help")}
        </Text>
        {organizers.length > 0 && (
          <Select
            label={t("ticketing.params.billing.organizer")}
            data={[
              ...organizers.map((candidate) => ({ value: candidate.id, label: candidate.corporateName })),
              ...(canEdit ? [{ value: NEW_ORGANIZER, label: t("ticketing.params.billing.newOrganizer") }] : []),
            ]}
            value={chosen}
            onChange={(value) => value && setChosen(value)}
            allowDeselect={false}
            maw={480}
          />
        )}
        {!params.organizerId && organizers.length > 0 && (
          <Text size="sm" c="orange.9" data-testid="billing-not-chosen">
            {t("ticketing.params.billing.notChosen")}
          </Text>
        )}
        {organizer || canEdit ? (
          <BillingForm
            key={chosen}
            accountId={accountId}
            eventId={eventId}
            organizer={organizer}
            isBilling={Boolean(organizer) && params.organizerId === organizer?.id}
            canEdit={canEdit}
            onSaved={(saved) => setChosen(saved.id)}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t("ticketing.params.billing.none")}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
