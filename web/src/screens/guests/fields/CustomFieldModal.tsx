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
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, type CustomFieldJson } from "@tessera/shared/client";
import {
  CHOICE_TYPES,
  CUSTOM_FIELD_NAME_MAX,
  CUSTOM_FIELD_TYPES,
  RATING_MAX_LIMIT,
  type CustomFieldType,
} from "@tessera/shared/rules/customFields";
import { errorMessage } from "@/app/errorMessage.ts";
import { useGuestsArea } from "../GuestsContext.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";

interface OptionRow {
  id?: string;
  label: string;
  quota: number | string;
}

const num = (value: number | string | null | undefined) =>
  value === "" || value === null || value === undefined ? null : Number(value);

/** Creates or edits a custom field: its type (fixed once created), options with quotas and rules. */
export function CustomFieldModal({ field, onClose }: { field: CustomFieldJson | null; onClose: () => void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { fields } = useGuestsArea();
  const [label, setLabel] = useState(field?.label ?? "");
  const [name, setName] = useState(field?.name ?? "");
  const [helpText, setHelpText] = useState(field?.helpText ?? "");
  const [type, setType] = useState<CustomFieldType>(field?.type ?? "short_text");
  const [isRequired, setRequired] = useState(field?.isRequired ?? false);
  const [isReadOnly, setReadOnly] = useState(field?.isReadOnly ?? false);
  const [options, setOptions] = useState<OptionRow[]>(
    field?.options.map((option) => ({ id: option.id, label: option.label, quota: option.quota ?? "" })) ?? [
      { label: "", quota: "" },
    ],
  );
  const [min, setMin] = useState<number | string>(field?.rules.min ?? "");
  const [max, setMax] = useState<number | string>(field?.rules.max ?? "");
  const [exact, setExact] = useState<number | string>(field?.rules.exact ?? "");
  const [noNegative, setNoNegative] = useState(field?.rules.noNegative ?? false);
  const [maxRating, setMaxRating] = useState<number | string>(field?.rules.maxRating ?? 5);
  const [failure, setFailure] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);
  const isChoice = CHOICE_TYPES.includes(type);

  function check(): boolean {
    const found: Record<string, string> = {};
    if (!label.trim()) found.label = t("validation:question_title_required");
    if (!name.trim()) found.name = t("validation:required");
    if (isChoice) {
      if (!options.some((option) => option.label.trim())) found.options = t("validation:answer_per_question");
      options.forEach((option, index) => {
        if (!option.label.trim()) found[`options.${index}.label`] = t("validation:option_title_required");
        if (option.quota !== "" && !(Number(option.quota) > 0))
          found[`options.${index}.quota`] = t("validation:quota_positive");
      });
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  function rules() {
    if (type === "number") return { min: num(min), max: num(max), noNegative };
    if (type === "multiple_choice") return { min: num(min), max: num(max), exact: num(exact) };
    if (type === "rating") return { maxRating: Number(maxRating) || 5 };
    return {};
  }

  async function save() {
    setFailure(null);
    if (!check()) return;
    setSaving(true);
    const body = {
      label: label.trim(),
      name: name.trim(),
      helpText: helpText.trim() || null,
      isRequired,
      isReadOnly,
      rules: rules(),
      ...(isChoice
        ? {
            options: options.map((option) => ({
              ...(option.id ? { id: option.id } : {}),
              label: option.label.trim(),
              quota: num(option.quota),
            })),
          }
        : {}),
    };
    try {
      if (field) await fields.update(field.id, body);
      else await fields.create({ ...body, type });
      onClose();
    } catch (error) {
      setSaving(false);
      setFailure(errorMessage(error, t));
      if (isApiError(error))
        setErrors(Object.fromEntries(error.details.map((detail) => [detail.field, detail.message])));
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
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        noValidate
      >
        <Stack gap="sm">
          <FailureAlert message={failure} />
          <TextInput
            label={t("guests.customFields.label")}
            value={label}
            onChange={(event) => {
              const next = event.currentTarget.value;
              // The technical name follows the label until it is typed.
              if (!field && (name === "" || name === slugName(label))) setName(slugName(next));
              setLabel(next);
            }}
            maxLength={300}
            required
            error={errors.label}
            data-autofocus
          />
          <TextInput
            label={t("guests.customFields.name")}
            description={t("guests.customFields.nameHelp")}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={CUSTOM_FIELD_NAME_MAX}
            required
            error={errors.name}
          />
          <Textarea
            label={t("guests.customFields.helpText")}
            value={helpText}
            onChange={(event) => setHelpText(event.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={1}
          />
          <Select
            label={t("guests.customFields.type")}
            data={CUSTOM_FIELD_TYPES.map((value) => ({ value, label: t(`guests.customFieldTypes.${value}`) }))}
            value={type}
            onChange={(value) => value && setType(value as CustomFieldType)}
            disabled={Boolean(field)}
            description={field ? t("guests.customFields.typeFixed") : undefined}
            allowDeselect={false}
          />
          <Group>
            <Switch
              label={t("guests.customFields.required")}
              checked={isRequired}
              onChange={(event) => {
                setRequired(event.currentTarget.checked);
                if (event.currentTarget.checked) setReadOnly(false);
              }}
            />
            <Switch
              label={t("guests.customFields.readOnly")}
              checked={isReadOnly}
              onChange={(event) => {
                setReadOnly(event.currentTarget.checked);
                if (event.currentTarget.checked) setRequired(false);
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
              {errors.options && (
                <Text size="xs" c="red">
                  {errors.options}
                </Text>
              )}
              {options.map((option, index) => (
                <Group key={option.id ?? `new-${index}`} gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput
                    aria-label={t("guests.customFields.optionLabel", { number: index + 1 })}
                    placeholder={t("guests.customFields.optionLabel", { number: index + 1 })}
                    value={option.label}
                    onChange={(event) => {
                      const next = event.currentTarget.value;
                      setOptions((rows) => rows.map((row, i) => (i === index ? { ...row, label: next } : row)));
                    }}
                    error={errors[`options.${index}.label`]}
                    style={{ flex: 1 }}
                  />
                  <NumberInput
                    aria-label={t("guests.customFields.quota")}
                    placeholder={t("guests.customFields.quota")}
                    value={option.quota}
                    onChange={(value) =>
                      setOptions((rows) => rows.map((row, i) => (i === index ? { ...row, quota: value } : row)))
                    }
                    min={1}
                    allowDecimal={false}
                    error={errors[`options.${index}.quota`]}
                    w={110}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={6}
                    aria-label={t("guests.customFields.removeOption", { number: index + 1 })}
                    disabled={options.length === 1}
                    onClick={() => setOptions((rows) => rows.filter((_, i) => i !== index))}
                  >
                    ×
                  </ActionIcon>
                </Group>
              ))}
              <Button
                size="xs"
                variant="light"
                onClick={() => setOptions((rows) => [...rows, { label: "", quota: "" }])}
              >
                {t("guests.customFields.addOption")}
              </Button>
            </Stack>
          )}
          {(type === "number" || type === "multiple_choice") && (
            <Group grow>
              <NumberInput
                label={type === "number" ? t("guests.customFields.min") : t("guests.customFields.minSelections")}
                value={min}
                onChange={setMin}
              />
              <NumberInput
                label={type === "number" ? t("guests.customFields.max") : t("guests.customFields.maxSelections")}
                value={max}
                onChange={setMax}
              />
              {type === "multiple_choice" && (
                <NumberInput
                  label={t("guests.customFields.exactSelections")}
                  value={exact}
                  onChange={setExact}
                  min={1}
                  allowDecimal={false}
                />
              )}
            </Group>
          )}
          {type === "number" && (
            <Checkbox
              label={t("guests.customFields.noNegative")}
              checked={noNegative}
              onChange={(event) => setNoNegative(event.currentTarget.checked)}
            />
          )}
          {type === "rating" && (
            <NumberInput
              label={t("guests.customFields.maxRating")}
              value={maxRating}
              onChange={setMaxRating}
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

/** A technical name from a label: lowercase, accents and spaces removed. */
function slugName(label: string): string {
  return label
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, CUSTOM_FIELD_NAME_MAX);
}
