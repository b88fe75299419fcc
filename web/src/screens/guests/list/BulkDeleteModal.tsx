import { Alert, Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useDeleteGuests, type GuestSelectionBody } from "@/queries/guests.ts";
import { useGuestsArea } from "../GuestsContext.ts";

/**
 * Deletes the selected guests (listed ids, or all those matching the list's query); those the API refuses
 * (e.g. holding a ticket) are listed with its reason.
 */
export function BulkDeleteModal({
  selection,
  count,
  nameOf,
  onDone,
  onClose,
}: {
  selection: GuestSelectionBody;
  count: number;
  /** The name of a guest, read when the modal opened (the list is fetched again once they are deleted). */
  nameOf: (id: string) => string;
  /** The deletion is done (the list is fetched again; the selection is over). */
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useGuestsArea();
  const remove = useDeleteGuests(accountId, event.id);
  const result = remove.data;

  function confirm() {
    remove.mutate(selection, {
      onSuccess: (answer) => {
        onDone();
        if (answer.refused.length === 0) onClose();
      },
    });
  }

  return (
    <Modal opened onClose={onClose} title={t("guests.bulk.deleteTitle")} centered>
      <Stack gap="md">
        <FailureAlert message={remove.error ? errorMessage(remove.error, t) : null} />
        {result ? (
          <>
            <Text size="sm">{t("guests.bulk.deleted", { count: result.deleted.length })}</Text>
            <Alert
              color="orange"
              variant="light"
              role="alert"
              title={t("guests.bulk.refused", { count: result.refused.length })}
            >
              <List size="sm">
                {result.refused.map((refusal) => (
                  <List.Item key={refusal.id}>
                    {nameOf(refusal.id)}: {refusal.reason}
                  </List.Item>
                ))}
              </List>
            </Alert>
            <Group justify="flex-end">
              <Button onClick={onClose}>{t("guests.bulk.close")}</Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">{t("guests.bulk.deleteConfirm", { count })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t("common.cancel")}
              </Button>
              <Button color="red" loading={remove.isPending} onClick={confirm}>
                {t("common.delete")}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
