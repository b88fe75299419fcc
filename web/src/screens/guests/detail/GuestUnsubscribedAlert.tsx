import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { useUnlockGuestEmail, type GuestJson } from "@/queries/guests.ts";
import { useGuestsArea } from "../GuestsContext.ts";

/**
 * "Unsubscribed from emails" on a guest's detail (spec §4): the guest asked for no more of the event's emails.
 * Editors may unlock the address after a confirmation that says a bounce or block is not lifted with it.
 */
export function GuestUnsubscribedAlert({
  guest,
  canEdit,
  onUnlocked,
}: {
  guest: GuestJson;
  canEdit: boolean;
  onUnlocked: () => void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useGuestsArea();
  const unlock = useUnlockGuestEmail(accountId, event.id);
  const [isConfirming, setConfirming] = useState(false);
  return (
    <Alert color="orange" variant="light" title={t("guests.detail.unsubscribedTitle")} data-testid="guest-unsubscribed">
      <Group justify="space-between" align="flex-start">
        <Text size="sm">{t("guests.detail.unsubscribed")}</Text>
        {canEdit && (
          <Button size="xs" variant="light" onClick={() => setConfirming(true)}>
            {t("guests.detail.unlockEmail")}
          </Button>
        )}
      </Group>
      {isConfirming && (
        <ConfirmModal
          title={t("guests.detail.unlockTitle")}
          message={
            <Stack gap="xs">
              <Text size="sm">{t("guests.detail.unlockConfirm", { email: guest.email ?? "" })}</Text>
              <Text size="sm" c="dimmed">
                {t("guests.detail.unlockBounceNote")}
              </Text>
            </Stack>
          }
          confirmLabel={t("guests.detail.unlockEmail")}
          isDestructive={false}
          onConfirm={async () => {
            await unlock.mutateAsync(guest.id);
            onUnlocked();
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </Alert>
  );
}
