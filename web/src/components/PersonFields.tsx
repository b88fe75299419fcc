import { Group, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { EMAIL_MAX, NAME_MAX } from "@tessera/shared/schemas/common";
import type { WebTFunction } from "@/app/errorMessage.ts";
import { requiredRule } from "@/app/formRules.ts";

export interface PersonFieldValues {
  email: string;
  firstName: string;
  lastName: string;
}

/** The validators of a person's e-mail and names: each is required (the API checks the e-mail's form). */
export function personValidators(t: WebTFunction) {
  return { email: requiredRule(t), firstName: requiredRule(t), lastName: requiredRule(t) };
}

interface PersonFieldsProps<Values extends PersonFieldValues> {
  form: UseFormReturnType<Values>;
  /** Shows the e-mail as a read-only (filled) field, as when editing an existing person. */
  isEmailReadOnly?: boolean;
}

/** The e-mail, first name and last name inputs of a person form. */
export function PersonFields<Values extends PersonFieldValues>({
  form,
  isEmailReadOnly = false,
}: PersonFieldsProps<Values>) {
  const { t } = useTranslation("web");
  return (
    <>
      <TextInput
        label={t("fields.email")}
        type="email"
        maxLength={EMAIL_MAX}
        readOnly={isEmailReadOnly}
        variant={isEmailReadOnly ? "filled" : "default"}
        data-autofocus
        {...form.getInputProps("email")}
      />
      <Group grow align="flex-start">
        <TextInput label={t("fields.firstName")} maxLength={NAME_MAX} {...form.getInputProps("firstName")} />
        <TextInput label={t("fields.lastName")} maxLength={NAME_MAX} {...form.getInputProps("lastName")} />
      </Group>
    </>
  );
}
