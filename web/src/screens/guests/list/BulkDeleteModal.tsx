import { Alert, Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DeleteGuestsResultJson } from "@tessera/shared/client";
import { errorMessage } from "@/app/errorMessage.ts";
import { useGuestsArea } from "../GuestsContext.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";

/**
 * Deletes the selected guests (listed ids, or all those matching the list's query); those the API refuses
 * (e.g. holding a ticket) are listed with its reason.
 */
export const BulkDeleteModal = observer(function BulkDeleteModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { api, accountId, event, list } = useGuestsArea();
  const count = list.selectionCount;
  const [isWorking, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<DeleteGuestsResultJson | null>(null);

  async function confirm() {
    setWorking(true);
    setFailure(null);
    try {
      const answer = await api.guests.removeMany(accountId, event.id, list.selection);
      setResult(answer);
      list.reload();
      if (answer.refused.length === 0) onClose();
    } catch (error) {
      setFailure(errorMessage(error, t));
    } finally {
      setWorking(false);
    }
  }

  // Names are read now: the list is fetched again once the deletion is done.
  const [names] = useState(() => {
    const byId = new Map<string, string>();
    for (const rows of list.pages.values()) {
      for (const guest of rows) byId.set(guest.id, guest.fullName || guest.email || guest.id);
    }
    return byId;
  });
  const nameOf = (id: string) => names.get(id) ?? id;

  return (
    <Modal opened onClose={onClose} title={t("guests.bulk.deleteTitle")} centered>
      <Stack gap="md">
        <FailureAlert message={failure} />
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
              <Button color="red" loading={isWorking} onClick={() => void confirm()}>
                {t("common.delete")}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
});
