import { Alert, Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { validateAnswer } from "@tessera/shared/rules/customFieldRules";
import { errorMessage } from "@/app/errorMessage.ts";
import { CustomFieldInput, type AnswerInput } from "../detail/CustomFieldInput.tsx";
import { answerError } from "../detail/guestForm.ts";
import { useGuestsArea } from "../GuestsContext.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";

/**
 * "Set a field" on the selected guests (listed ids, or all those matching the list's query): one custom
 * field, its value typed with the same input and checked with the same rules as the guest form; an
 * empty value removes the answer. Files are uploaded one guest at a time, so file fields are not offered.
 */
export const BulkAnswerModal = observer(function BulkAnswerModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { api, accountId, event, fields, list } = useGuestsArea();
  const count = list.selectionCount;
  const [fieldId, setFieldId] = useState<string | null>(null);
  const [value, setValue] = useState<AnswerInput>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [updated, setUpdated] = useState<number | null>(null);
  const [isWorking, setWorking] = useState(false);
  const choices = fields.fields.filter((candidate) => candidate.type !== "file");
  const field = choices.find((candidate) => candidate.id === fieldId);

  async function apply() {
    if (!field) return;
    const problem = answerError(t, field, value);
    setError(problem);
    if (problem) return;
    const checked = validateAnswer(field, Array.isArray(value) && value.length === 0 ? null : value);
    if (!checked.ok) return;
    setWorking(true);
    setFailure(null);
    try {
      const result = await api.guests.setAnswers(accountId, event.id, list.selection, { [field.id]: checked.value });
      setUpdated(result.updated.length);
      list.reload();
    } catch (caught) {
      setFailure(errorMessage(caught, t));
    } finally {
      setWorking(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={t("guests.bulk.setFieldTitle")} centered>
      <Stack gap="md">
        <FailureAlert message={failure} />
        {updated !== null ? (
          <>
            <Alert color="green" variant="light" role="status">
              {t("guests.bulk.updated", { count: updated })}
            </Alert>
            <Group justify="flex-end">
              <Button onClick={onClose}>{t("guests.bulk.close")}</Button>
            </Group>
          </>
        ) : (
          <form
            onSubmit={(submitted) => {
              submitted.preventDefault();
              void apply();
            }}
            noValidate
          >
            <Stack gap="md">
              <Text size="sm">{t("guests.bulk.setFieldIntro", { count })}</Text>
              <Select
                label={t("guests.bulk.field")}
                data={choices.map((candidate) => ({ value: candidate.id, label: candidate.label || candidate.name }))}
                value={fieldId}
                onChange={(next) => {
                  setFieldId(next);
                  setValue(choices.find((candidate) => candidate.id === next)?.type === "multiple_choice" ? [] : null);
                  setError(null);
                }}
                comboboxProps={{ withinPortal: false }}
                allowDeselect={false}
                data-autofocus
              />
              {field && (
                <CustomFieldInput
                  key={field.id}
                  field={field}
                  value={value}
                  stored={undefined}
                  error={error ?? undefined}
                  onChange={(next) => {
                    setValue(next);
                    if (error) setError(answerError(t, field, next));
                  }}
                  onBlur={() => setError(answerError(t, field, value))}
                />
              )}
              {field && (
                <Text size="xs" c="dimmed">
                  {t("guests.bulk.emptyClears")}
                </Text>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  {t("common.cancel")}
                </Button>
                <Button type="submit" loading={isWorking} disabled={!field}>
                  {t("guests.bulk.apply", { count })}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Modal>
  );
});
