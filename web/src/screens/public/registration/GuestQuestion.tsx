import { Checkbox, Group, Input, NativeSelect, Radio, Stack, Text, Textarea, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_MAX_RATING } from "@tessera/shared/rules/customFieldRules";
import { LONG_TEXT_MAX, SHORT_TEXT_MAX } from "@tessera/shared/rules/customFields";
import { FORM_PATH_ATTRIBUTE } from "./focusFirstError.ts";
import { waitedOptions, type AnswerInput, type PublicFieldJson } from "./registrationValues.ts";

/** What @mantine/form's getInputProps gives an answer's input. */
export interface AnswerInputProps {
  value: AnswerInput;
  onChange: (value: unknown) => void;
  error?: ReactNode;
  onFocus?: () => void;
  onBlur?: () => void;
}

/** How many answers a multiple-choice question takes, as a hint (the rules' own messages). */
function selectionHint(field: PublicFieldJson, t: ReturnType<typeof useTranslation<"validation">>["t"]) {
  const rules = field.rules as { min?: number | null; max?: number | null; exact?: number | null };
  if (rules.exact != null) return t("select_exactly", { count: rules.exact });
  const hints = [];
  if (rules.min != null && rules.min > 0) hints.push(t("select_at_least", { count: rules.min }));
  if (rules.max != null) hints.push(t("select_at_most", { count: rules.max }));
  return hints.join(" ") || null;
}

/**
 * One question of the registration form as a guest answers it: its label tied to its input, its help, a
 * required mark and the input its type calls for. Full answers stay visible, marked full and disabled, unless
 * the form offers their waiting list: then they say so and can be chosen, and choosing one says, politely,
 * what it means (registered without it, on its waiting list).
 */
export function GuestQuestion({ field, input }: { field: PublicFieldJson; input: AnswerInputProps }) {
  const { t } = useTranslation("web");
  const { t: tValidation } = useTranslation("validation");
  const text = typeof input.value === "string" ? input.value : "";
  const optionLabel = (option: PublicFieldJson["options"][number]) =>
    !option.isFull
      ? option.label
      : t(option.hasWaitingList ? "public.form.optionFullWaitingList" : "public.form.optionFull", {
          label: option.label,
        });
  // Only a full answer without a waiting list is out of reach.
  const isDisabled = (option: PublicFieldJson["options"][number]) => option.isFull && !option.hasWaitingList;
  const offersWaitingList = field.options.some((option) => option.isFull && option.hasWaitingList);
  const waitingNote = waitedOptions(field, input.value)
    .map((option) => t("public.form.waitingListNote", { label: option.label }))
    .join(" ");
  // A full answer cannot be chosen, yet it is read: its label keeps a readable grey (not the faint disabled one).
  const fullOption = { label: { color: "var(--mantine-color-dimmed)" } };
  /** The props of an answer's radio button or checkbox. */
  const choiceProps = (option: PublicFieldJson["options"][number]) => ({
    value: option.id,
    label: optionLabel(option),
    disabled: isDisabled(option),
    styles: isDisabled(option) ? fullOption : undefined,
  });

  const hint = (() => {
    switch (field.type) {
      case "multiple_choice":
        return selectionHint(field, tValidation);
      case "rating":
        return t("public.form.ratingHint", { max: ratingMax(field) });
      case "phone":
        return t("public.form.phoneHint");
      case "id_card":
        return t("public.form.idCardHint");
      case "passport":
        return t("public.form.passportHint");
      default:
        return null;
    }
  })();
  const description =
    field.helpText || hint || offersWaitingList ? (
      <>
        {field.helpText}
        {field.helpText && hint ? <br /> : null}
        {hint}
        {offersWaitingList && (
          <Text component="span" role="status" display="block" size="sm" c="indigo.9" data-testid="waiting-list-note">
            {waitingNote}
          </Text>
        )}
      </>
    ) : undefined;
  const common = {
    label: field.label,
    description,
    required: field.isRequired,
    error: input.error,
    onFocus: input.onFocus,
    onBlur: input.onBlur,
  };
  const typed = { ...common, value: text, onChange: input.onChange };
  const path = { [FORM_PATH_ATTRIBUTE]: `answers.${field.id}` };

  switch (field.type) {
    case "short_text":
      return <TextInput {...typed} {...path} maxLength={SHORT_TEXT_MAX} />;
    case "long_text":
      return <Textarea {...typed} {...path} autosize minRows={3} maxRows={12} maxLength={LONG_TEXT_MAX} />;
    case "unique_choice":
      return (
        <Radio.Group {...common} {...path} value={text || null} onChange={input.onChange}>
          <Stack gap="xs" mt="xs">
            {field.options.map((option) => (
              <Radio key={option.id} {...choiceProps(option)} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case "multiple_choice":
      return (
        <Checkbox.Group
          {...common}
          {...path}
          value={Array.isArray(input.value) ? input.value : []}
          onChange={input.onChange}
        >
          <Stack gap="xs" mt="xs">
            {field.options.map((option) => (
              <Checkbox key={option.id} {...choiceProps(option)} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case "dropdown":
      return (
        <NativeSelect
          {...typed}
          {...path}
          data={[
            { value: "", label: t("public.form.choose") },
            ...field.options.map((option) => ({
              value: option.id,
              label: optionLabel(option),
              disabled: isDisabled(option),
            })),
          ]}
        />
      );
    case "date":
      return <TextInput {...typed} {...path} type="date" />;
    case "time":
      return <TextInput {...typed} {...path} type="time" />;
    case "number":
      return <TextInput {...typed} {...path} inputMode="decimal" />;
    case "phone":
      return <TextInput {...typed} {...path} type="tel" autoComplete="tel" />;
    case "id_card":
    case "passport":
      return <TextInput {...typed} {...path} maxLength={20} autoCapitalize="characters" spellCheck={false} />;
    case "rating":
      return (
        <Radio.Group {...common} {...path} value={text || null} onChange={input.onChange}>
          <Group gap="md" mt="xs">
            {Array.from({ length: ratingMax(field) }, (_, index) => String(index + 1)).map((grade) => (
              <Radio key={grade} value={grade} label={grade} />
            ))}
          </Group>
        </Radio.Group>
      );
    case "file":
      return (
        <Input.Wrapper
          {...path}
          tabIndex={-1}
          labelElement="div"
          label={field.label}
          description={field.helpText ?? undefined}
          required={field.isRequired}
          error={input.error}
        >
          <Text size="sm" mt={4}>
            {t("public.form.fileLater")}
          </Text>
        </Input.Wrapper>
      );
  }
}

function ratingMax(field: PublicFieldJson): number {
  const max = (field.rules as { maxRating?: number }).maxRating;
  return typeof max === "number" && max >= 2 ? max : DEFAULT_MAX_RATING;
}
