import { Checkbox, FileInput, Input, Radio, Rating, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CustomFieldJson } from "@/queries/customFields.ts";

/** An answer typed in the preview (option ids for choice questions, as guests' answers are stored). */
export type PreviewAnswer = string | string[] | number | null;

/**
 * A question as a guest answers it: its label, help, required mark and input by type; a read-only question
 * is shown but cannot be changed. Nothing is sent: the answers only decide which groups the preview shows.
 */
export function PreviewQuestion({
  field,
  value,
  onChange,
}: {
  field: CustomFieldJson;
  value: PreviewAnswer;
  onChange: (value: PreviewAnswer) => void;
}) {
  const { t } = useTranslation("web");
  const label = field.label.trim() || field.name;
  const common = {
    label,
    description: field.helpText ?? undefined,
    required: field.isRequired,
    disabled: field.isReadOnly,
  };
  const text = typeof value === "string" ? value : value === null ? "" : String(value);
  const options = field.options.map((option) => ({ value: option.id, label: option.label }));
  const typed = (change: { currentTarget: { value: string } }) => onChange(change.currentTarget.value);

  switch (field.type) {
    case "long_text":
      return <Textarea {...common} autosize minRows={2} value={text} onChange={typed} />;
    case "unique_choice":
      return (
        <Radio.Group {...common} value={text} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} disabled={field.isReadOnly} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case "multiple_choice":
      return (
        <Checkbox.Group {...common} value={Array.isArray(value) ? value : []} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {options.map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.label} disabled={field.isReadOnly} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case "dropdown":
      return (
        <Select
          {...common}
          data={options}
          value={text || null}
          onChange={onChange}
          placeholder={t("forms.preview.guest.choose")}
          clearable
        />
      );
    case "date":
      return (
        <TextInput {...common} placeholder={t("forms.preview.guest.datePlaceholder")} value={text} onChange={typed} />
      );
    case "time":
      return <TextInput {...common} type="time" value={text} onChange={typed} />;
    case "number":
      return <TextInput {...common} inputMode="decimal" value={text} onChange={typed} />;
    case "phone":
      return <TextInput {...common} type="tel" value={text} onChange={typed} />;
    case "file":
      return <FileInput {...common} placeholder={t("forms.preview.guest.chooseFile")} clearable />;
    case "rating":
      return (
        <Input.Wrapper {...common}>
          <Rating
            count={field.rules.maxRating ?? 5}
            value={typeof value === "number" ? value : 0}
            onChange={onChange}
            readOnly={field.isReadOnly}
            aria-label={label}
          />
        </Input.Wrapper>
      );
    default:
      return <TextInput {...common} value={text} onChange={typed} />;
  }
}
