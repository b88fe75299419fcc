import { ActionIcon, Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { ConfirmModal } from "@/components/ConfirmModal.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { IconPlus } from "@/components/icons.tsx";
import { useDeleteCustomField, useMoveCustomField, type CustomFieldJson } from "@/queries/customFields.ts";
import { useGuestFields, useGuestsArea } from "../GuestsContext.ts";
import { CustomFieldModal } from "./CustomFieldModal.tsx";

/** The event's custom fields: their order (up / down), creation, edition and deletion. */
export function CustomFieldsScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useGuestsArea();
  const fields = useGuestFields();
  const move = useMoveCustomField(accountId, event.id);
  const remove = useDeleteCustomField(accountId, event.id);
  const [editing, setEditing] = useState<CustomFieldJson | "new" | null>(null);
  const [deleting, setDeleting] = useState<CustomFieldJson | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t("guests.customFields.intro")}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
          {t("guests.customFields.add")}
        </Button>
      </Group>
      <FailureAlert message={move.error ? errorMessage(move.error, t) : null} />
      {fields.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t("guests.customFields.empty")}
        </Text>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("guests.customFields.order")}</Table.Th>
              <Table.Th>{t("guests.customFields.label")}</Table.Th>
              <Table.Th>{t("guests.customFields.name")}</Table.Th>
              <Table.Th>{t("guests.customFields.type")}</Table.Th>
              <Table.Th>{t("guests.customFields.flags")}</Table.Th>
              <Table.Th>{t("common.actions")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field, index) => (
              <Table.Tr key={field.id}>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      disabled={index === 0}
                      aria-label={t("guests.customFields.moveUp", { name: field.label })}
                      onClick={() => move.mutate({ fieldId: field.id, delta: -1 })}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      disabled={index === fields.length - 1}
                      aria-label={t("guests.customFields.moveDown", { name: field.label })}
                      onClick={() => move.mutate({ fieldId: field.id, delta: 1 })}
                    >
                      ↓
                    </ActionIcon>
                  </Group>
                </Table.Td>
                <Table.Td>{field.label}</Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {field.name}
                  </Text>
                </Table.Td>
                <Table.Td>{t(`guests.customFieldTypes.${field.type}`)}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {field.isRequired && <Badge size="xs">{t("guests.customFields.required")}</Badge>}
                    {field.isReadOnly && (
                      <Badge size="xs" color="gray">
                        {t("guests.customFields.readOnly")}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="subtle" onClick={() => setEditing(field)}>
                      {t("common.edit")}
                    </Button>
                    {field.abilities.delete !== false && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(field)}>
                        {t("common.delete")}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && <CustomFieldModal field={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmModal
          title={t("guests.customFields.deleteTitle")}
          message={t("guests.customFields.deleteConfirm", { name: deleting.label })}
          confirmLabel={t("common.delete")}
          onConfirm={() => remove.mutateAsync(deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
