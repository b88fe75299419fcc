import { Badge, Checkbox, Group, Input, Radio, Rating, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CustomFieldJson } from "@/queries/customFields.ts";
import { FileAnswerInput } from "./FileAnswerInput.tsx";
import type { GuestForm } from "./guestForm.ts";

export type AnswerInput = string | string[] | number | null;

interface CustomFieldInputProps {
  field: CustomFieldJson;
  value: AnswerInput;
  /** The stored answer (a file answer is uploaded on its own, not through `onChange`). */
  stored: unknown;
  error?: string | undefined;
  disabled?: boolean | undefined;
  onChange: (value: AnswerInput) => void;
  onBlur?: () => void;
  /** The saved guest a file answer is uploaded to (none yet on the add form). */
  guestId?: string | undefined;
}

/** One custom field of a guest, drawn by its type; the rules are checked by the caller (shared validateAnswer). */
export function CustomFieldInput({
  field,
  value,
  stored,
  error,
  disabled,
  onChange,
  onBlur,
  guestId,
}: CustomFieldInputProps) {
  const { t } = useTranslation("web");
  const label = (
    <Group gap={6} component="span" wrap="nowrap">
      <span>{field.label || field.name}</span>
      {field.isReadOnly && (
        <Badge size="xs" variant="light" color="gray">
          {t("guests.detail.readOnlyForGuests")}
        </Badge>
      )}
    </Group>
  );
  const common = {
    label,
    description: field.helpText ?? undefined,
    error,
    required: field.isRequired,
    disabled,
    onBlur,
  };
  const text = typeof value === "string" ? value : value === null ? "" : String(value);
  const options = field.options.map((option) => ({ value: option.id, label: option.label }));

  switch (field.type) {
    case "long_text":
      return (
        <Textarea {...common} autosize minRows={2} value={text} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case "unique_choice":
      return (
        <Radio.Group {...common} value={text} onChange={onChange}>
          <Group gap="md" mt={4}>
            {options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} disabled={disabled} />
            ))}
          </Group>
        </Radio.Group>
      );
    case "multiple_choice":
      return (
        <Checkbox.Group {...common} value={Array.isArray(value) ? value : []} onChange={onChange}>
          <Group gap="md" mt={4}>
            {options.map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.label} disabled={disabled} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    case "dropdown":
      return <Select {...common} data={options} value={text || null} onChange={(next) => onChange(next)} clearable />;
    case "date":
      return (
        <TextInput
          {...common}
          placeholder={t("guests.detail.datePlaceholder")}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "time":
      return <TextInput {...common} type="time" value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case "number":
      return (
        <TextInput {...common} inputMode="decimal" value={text} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case "rating":
      return (
        <Input.Wrapper {...common}>
          <Rating
            count={field.rules.maxRating ?? 5}
            value={typeof value === "number" ? value : 0}
            onChange={onChange}
            readOnly={disabled}
            aria-label={field.label || field.name}
          />
        </Input.Wrapper>
      );
    case "file":
      return (
        <FileAnswerInput
          field={field}
          label={label}
          description={common.description}
          stored={stored}
          guestId={guestId}
          disabled={disabled}
        />
      );
    case "phone":
      return <TextInput {...common} type="tel" value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    default:
      return <TextInput {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/**
 * The custom fields of the guest form, one under the other: each answer is checked by its field's shared
 * rules when it loses the focus, and again as it changes once it was found wrong.
 */
export function CustomFieldInputs({
  fields,
  form,
  stored,
  disabled,
  guestId,
}: {
  fields: readonly CustomFieldJson[];
  form: GuestForm;
  /** The saved answers (file answers are shown from these). */
  stored: Record<string, unknown>;
  disabled?: boolean;
  guestId?: string | undefined;
}) {
  return (
    <Stack gap="sm">
      {fields.map((field) => {
        const path = `answers.${field.id}` as const;
        return (
          <CustomFieldInput
            key={field.id}
            field={field}
            value={form.values.answers[field.id] ?? null}
            stored={stored[field.id]}
            error={form.errors[path] as string | undefined}
            disabled={disabled}
            onChange={(value) => {
              form.setFieldValue(path, value);
              if (form.errors[path]) form.validateField(path);
            }}
            onBlur={() => form.validateField(path)}
            guestId={guestId}
          />
        );
      })}
    </Stack>
  );
}
