import { Button, Group, Modal, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { slugify } from "@tessera/shared/rules/events";
import { useDuplicateEvent, type EventJson } from "@/queries/events.ts";
import { EventNameFields } from "./EventNameFields.tsx";
import { useEventNameForm } from "./useEventNameForm.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";

/** Copies an event under a new name and public address. */
export function DuplicateEventModal({
  accountId,
  event,
  onClose,
  onDone,
}: {
  accountId: string;
  event: EventJson;
  onClose: () => void;
  onDone: (copy: EventJson) => void;
}) {
  const { t } = useTranslation("web");
  const duplicate = useDuplicateEvent(accountId);
  const { failure, isSubmitting, submit, fields } = useEventNameForm({
    name: t("events.copyName", { name: event.name }),
    slug: slugify(`${event.slug}-copy`),
  });

  return (
    <Modal opened onClose={onClose} title={t("events.duplicateTitle", { name: event.name })} centered size="lg">
      <form
        onSubmit={(submitted) =>
          void submit(submitted, async (body) => {
            onDone(await duplicate.mutateAsync({ eventId: event.id, body }));
            onClose();
          })
        }
        noValidate
      >
        <Stack gap="md">
          <FailureAlert message={failure} />
          <EventNameFields {...fields} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t("events.duplicate")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
