import { useFormFailure } from "@/app/useFormFailure.ts";
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { isApiError } from "@tessera/shared/client";
import {
  CHOICE_TYPES,
  CUSTOM_FIELD_NAME_MAX,
  CUSTOM_FIELD_TYPES,
  RATING_MAX_LIMIT,
  type CustomFieldType,
} from "@tessera/shared/rules/customFields";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useCreateCustomField, useUpdateCustomField, type CustomFieldJson } from "@/queries/customFields.ts";
import { useGuestsArea } from "../GuestsContext.ts";
import {
  fieldBody,
  formPathOf,
  initialFieldValues,
  slugName,
  validateFieldForm,
  type CustomFieldFormValues,
} from "./customFieldForm.ts";

/** Creates or edits a custom field: its type (fixed once created), options with quotas and rules. */
export function CustomFieldModal({ field, onClose }: { field: CustomFieldJson | null; onClose: () => void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useGuestsArea();
  const create = useCreateCustomField(accountId, event.id);
  const update = useUpdateCustomField(accountId, event.id);
  // The definition is checked by the shared rules the API applies (validateFieldDefinition).
  const form = useForm<CustomFieldFormValues>({
    initialValues: initialFieldValues(field),
    validate: validateFieldForm(t),
  });
  const [failure, setFailure] = useFormFailure(form);
  const { values } = form;
  const isChoice = CHOICE_TYPES.includes(values.type);
  const isSaving = create.isPending || update.isPending;

  async function save(submitted: CustomFieldFormValues) {
    setFailure(null);
    const { type, ...body } = fieldBody(submitted);
    try {
      if (field) await update.mutateAsync({ fieldId: field.id, body });
      else await create.mutateAsync({ ...body, type });
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, t));
      // The API's refusals under their inputs (its messages are already translated).
      if (isApiError(error)) {
        form.setErrors(Object.fromEntries(error.details.map((detail) => [formPathOf(detail.field), detail.message])));
      }
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={field ? t("guests.customFields.editTitle") : t("guests.customFields.addTitle")}
      size="lg"
      centered
    >
      <form onSubmit={form.onSubmit((submitted) => void save(submitted))} noValidate>
        <Stack gap="sm">
          <FailureAlert message={failure} />
          <TextInput
            label={t("guests.customFields.label")}
            {...form.getInputProps("label")}
            onChange={(event) => {
              const next = event.currentTarget.value;
              // The technical name follows the label until it is typed.
              if (!field && (values.name === "" || values.name === slugName(values.label))) {
                form.setFieldValue("name", slugName(next));
              }
              form.setFieldValue("label", next);
            }}
            maxLength={300}
            required
            data-autofocus
          />
          <TextInput
            label={t("guests.customFields.name")}
            description={t("guests.customFields.nameHelp")}
            maxLength={CUSTOM_FIELD_NAME_MAX}
            required
            {...form.getInputProps("name")}
          />
          <Textarea
            label={t("guests.customFields.helpText")}
            maxLength={2000}
            autosize
            minRows={1}
            {...form.getInputProps("helpText")}
          />
          <Select
            label={t("guests.customFields.type")}
            data={CUSTOM_FIELD_TYPES.map((value) => ({ value, label: t(`guests.customFieldTypes.${value}`) }))}
            value={values.type}
            onChange={(value) => value && form.setFieldValue("type", value as CustomFieldType)}
            disabled={Boolean(field)}
            description={field ? t("guests.customFields.typeFixed") : undefined}
            allowDeselect={false}
          />
          <Group>
            <Switch
              label={t("guests.customFields.required")}
              checked={values.isRequired}
              onChange={(event) => {
                const isRequired = event.currentTarget.checked;
                form.setValues({ isRequired, ...(isRequired ? { isReadOnly: false } : {}) });
              }}
            />
            <Switch
              label={t("guests.customFields.readOnly")}
              checked={values.isReadOnly}
              error={form.errors.isReadOnly}
              onChange={(event) => {
                const isReadOnly = event.currentTarget.checked;
                form.setValues({ isReadOnly, ...(isReadOnly ? { isRequired: false } : {}) });
              }}
            />
          </Group>
          <Text size="xs" c="dimmed">
            {t("guests.customFields.exclusive")}
          </Text>
          {isChoice && (
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t("guests.customFields.options")}
              </Text>
              {form.errors.options && (
                <Text size="xs" c="red">
                  {form.errors.options}
                </Text>
              )}
              {values.options.map((option, index) => (
                <Group key={option.id ?? `new-${index}`} gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput
                    aria-label={t("guests.customFields.optionLabel", { number: index + 1 })}
                    placeholder={t("guests.customFields.optionLabel", { number: index + 1 })}
                    {...form.getInputProps(`options.${index}.label`)}
                    style={{ flex: 1 }}
                  />
                  <NumberInput
                    aria-label={t("guests.customFields.quota")}
                    placeholder={t("guests.customFields.quota")}
                    {...form.getInputProps(`options.${index}.quota`)}
                    min={1}
                    allowDecimal={false}
                    w={110}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={6}
                    aria-label={t("guests.customFields.removeOption", { number: index + 1 })}
                    disabled={values.options.length === 1}
                    onClick={() => form.removeListItem("options", index)}
                  >
                    ×
                  </ActionIcon>
                </Group>
              ))}
              <Button
                size="xs"
                variant="light"
                onClick={() => form.insertListItem("options", { label: "", quota: "" })}
              >
                {t("guests.customFields.addOption")}
              </Button>
            </Stack>
          )}
          {(values.type === "number" || values.type === "multiple_choice") && (
            <Group grow>
              <NumberInput
                label={values.type === "number" ? t("guests.customFields.min") : t("guests.customFields.minSelections")}
                {...form.getInputProps("min")}
              />
              <NumberInput
                label={values.type === "number" ? t("guests.customFields.max") : t("guests.customFields.maxSelections")}
                {...form.getInputProps("max")}
              />
              {values.type === "multiple_choice" && (
                <NumberInput
                  label={t("guests.customFields.exactSelections")}
                  min={1}
                  allowDecimal={false}
                  {...form.getInputProps("exact")}
                />
              )}
            </Group>
          )}
          {values.type === "number" && (
            <Checkbox
              label={t("guests.customFields.noNegative")}
              {...form.getInputProps("noNegative", { type: "checkbox" })}
            />
          )}
          {values.type === "rating" && (
            <NumberInput
              label={t("guests.customFields.maxRating")}
              {...form.getInputProps("maxRating")}
              min={2}
              max={RATING_MAX_LIMIT}
              allowDecimal={false}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={isSaving}>
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
