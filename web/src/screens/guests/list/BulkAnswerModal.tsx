import { Alert, Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { validateAnswer } from "@tessera/shared/rules/customFieldRules";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useSetGuestsAnswers, type GuestSelectionBody } from "@/queries/guests.ts";
import { CustomFieldInput, type AnswerInput } from "../detail/CustomFieldInput.tsx";
import { answerError } from "../detail/guestForm.ts";
import { useGuestFields, useGuestsArea } from "../GuestsContext.ts";

interface BulkAnswerValues {
  fieldId: string | null;
  value: AnswerInput;
}

/**
 * "Set a field" on the selected guests (listed ids, or all those matching the list's query): one custom
 * field, its value typed with the same input and checked with the same rules as the guest form; an
 * empty value removes the answer. Files are uploaded one guest at a time, so file fields are not offered.
 */
export function BulkAnswerModal({
  selection,
  count,
  onDone,
  onClose,
}: {
  selection: GuestSelectionBody;
  count: number;
  /** The answers are set (the list is fetched again; the selection is over). */
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useGuestsArea();
  const setAnswers = useSetGuestsAnswers(accountId, event.id);
  const choices = useGuestFields().filter((candidate) => candidate.type !== "file");
  const fieldOf = (id: string | null) => choices.find((candidate) => candidate.id === id);
  const form = useForm<BulkAnswerValues>({
    initialValues: { fieldId: null, value: null },
    validate: {
      // The shared rules of the field chosen, as the API applies them.
      value: (value, values) => {
        const field = fieldOf(values.fieldId);
        return field ? answerError(t, field, value) : null;
      },
    },
    validateInputOnBlur: ["value"],
  });
  const field = fieldOf(form.values.fieldId);

  function apply({ value }: BulkAnswerValues) {
    if (!field) return;
    const checked = validateAnswer(field, Array.isArray(value) && value.length === 0 ? null : value);
    if (!checked.ok) return;
    setAnswers.mutate({ selection, answers: { [field.id]: checked.value } }, { onSuccess: onDone });
  }

  return (
    <Modal opened onClose={onClose} title={t("guests.bulk.setFieldTitle")} centered>
      <Stack gap="md">
        <FailureAlert message={setAnswers.error ? errorMessage(setAnswers.error, t) : null} />
        {setAnswers.data ? (
          <>
            <Alert color="green" variant="light" role="status">
              {t("guests.bulk.updated", { count: setAnswers.data.updated.length })}
            </Alert>
            <Group justify="flex-end">
              <Button onClick={onClose}>{t("guests.bulk.close")}</Button>
            </Group>
          </>
        ) : (
          <form onSubmit={form.onSubmit(apply)} noValidate>
            <Stack gap="md">
              <Text size="sm">{t("guests.bulk.setFieldIntro", { count })}</Text>
              <Select
                label={t("guests.bulk.field")}
                data={choices.map((candidate) => ({ value: candidate.id, label: candidate.label || candidate.name }))}
                value={form.values.fieldId}
                onChange={(next) => {
                  form.setValues({ fieldId: next, value: fieldOf(next)?.type === "multiple_choice" ? [] : null });
                  form.clearErrors();
                }}
                comboboxProps={{ withinPortal: false }}
                allowDeselect={false}
                data-autofocus
              />
              {field && (
                <CustomFieldInput
                  key={field.id}
                  field={field}
                  value={form.values.value}
                  stored={undefined}
                  error={form.errors.value as string | undefined}
                  onChange={(next) => {
                    form.setFieldValue("value", next);
                    if (form.errors.value) form.validateField("value");
                  }}
                  onBlur={() => form.validateField("value")}
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
                <Button type="submit" loading={setAnswers.isPending} disabled={!field}>
                  {t("guests.bulk.apply", { count })}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Modal>
  );
}
