import { Input, Radio, Stack, Text, Title } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import type { FormItem } from "@tessera/shared/rules/forms";
import { groupConditionMet } from "@tessera/shared/rules/formVisibility";
import { formFieldProps } from "./focusFirstError.ts";
import { FileQuestion } from "./FileQuestion.tsx";
import { GuestQuestion, type AnswerInputProps } from "./GuestQuestion.tsx";
import { type PublicFieldJson, type RegistrationValues } from "./registrationValues.ts";

interface FormItemsProps {
  items: readonly FormItem[];
  fields: ReadonlyMap<string, PublicFieldJson>;
  form: UseFormReturnType<RegistrationValues>;
  /** The form (any type) whose file questions upload their file at once; without it, files come later. */
  uploadFormId?: string;
  /** A registration already made, changed in the member area (where companions are managed in their own part). */
  isChange?: boolean;
}

/**
 * The form's items in order: texts, questions, the participation question, notes for what is done later
 * (companions, recommendations), and the groups whose condition the answers meet (their questions appear
 * and go as the answers change).
 */
export function FormItems({ items, fields, form, uploadFormId, isChange = false }: FormItemsProps) {
  const { t } = useTranslation("web");
  const answers = form.getValues().answers;
  return items.map((item) => {
    switch (item.kind) {
      case "text":
        return (
          <Stack key={item.id} gap={4}>
            {item.title && (
              <Title order={2} size="h3">
                {item.title}
              </Title>
            )}
            {item.description && <Text style={{ whiteSpace: "pre-line" }}>{item.description}</Text>}
          </Stack>
        );
      case "question": {
        const field = fields.get(item.fieldId);
        if (!field || field.isReadOnly) return null;
        if (field.type === "file" && uploadFormId) {
          return <FileQuestion key={item.id} field={field} form={form} formId={uploadFormId} />;
        }
        const input = form.getInputProps(`answers.${field.id}`) as AnswerInputProps;
        return <GuestQuestion key={item.id} field={field} input={input} />;
      }
      case "participation":
        return (
          <Radio.Group key={item.id} label={item.title} required {...formFieldProps(form, "participation")}>
            <Stack gap="xs" mt="xs">
              <Radio value="yes" label={t("public.form.participationYes")} />
              <Radio value="no" label={t("public.form.participationNo")} />
            </Stack>
          </Radio.Group>
        );
      case "companions":
      case "recommendations":
        return (
          <Input.Wrapper key={item.id} labelElement="div" label={item.title}>
            <Text size="sm" mt={4}>
              {t(
                item.kind === "recommendations"
                  ? "public.form.recommendationsLater"
                  : isChange
                    ? "public.form.companionsBelow"
                    : "public.form.companionsLater",
              )}
            </Text>
          </Input.Wrapper>
        );
      case "group":
        if (!groupConditionMet(item.condition, answers)) return null;
        return (
          <Stack key={item.id} gap="lg" data-testid="form-group">
            <FormItems items={item.items} fields={fields} form={form} uploadFormId={uploadFormId} isChange={isChange} />
          </Stack>
        );
    }
  });
}
