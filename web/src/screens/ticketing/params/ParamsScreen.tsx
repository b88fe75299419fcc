import { Center, Loader, Stack } from "@mantine/core";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useOrganizers, useTicketingParams } from "@/queries/ticketingParams.ts";
import { useCurrentEvent } from "../../events/EventContext.ts";
import { BillingPanel } from "./BillingPanel.tsx";
import { SalesPanel } from "./SalesPanel.tsx";
import { TicketingParamsPanel } from "./TicketingParamsPanel.tsx";

/** The Ticketing section's Params tab: starting and stopping sales, the billing information, the parameters. */
export function ParamsScreen() {
  const { accountId, event } = useCurrentEvent();
  const canEdit = Boolean(event.abilities.update);
  const organizers = useOrganizers(accountId, event.id);
  const params = useTicketingParams(accountId, event.id);

  const failure = organizers.error ?? params.error;
  if (failure) return <FailureAlert message={failure.message} />;
  if (!organizers.data || !params.data) {
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }
  const shared = { accountId, eventId: event.id, params: params.data, canEdit };
  return (
    <Stack gap="md">
      <SalesPanel {...shared} timeZone={event.timezone} />
      <BillingPanel {...shared} organizers={organizers.data} />
      <TicketingParamsPanel {...shared} />
    </Stack>
  );
}
