import { SimpleGrid, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { EMAIL_MAX, NAME_MAX } from "@tessera/shared/schemas/common";
import { formFieldProps } from "./focusFirstError.ts";
import type { RegistrationValues } from "./registrationValues.ts";

/**
 * A guest's first and last names, then their email: the guest's own (required, filled in by the browser; read
 * only when a registration is changed), or a companion's (the email optional, nothing filled in by the browser).
 */
export function GuestIdentityFields({
  form,
  isCompanion = false,
  isEmailReadOnly = false,
}: {
  form: UseFormReturnType<RegistrationValues>;
  isCompanion?: boolean;
  isEmailReadOnly?: boolean;
}) {
  const { t } = useTranslation("web");
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label={t("fields.firstName")}
          required
          autoComplete={isCompanion ? "off" : "given-name"}
          maxLength={NAME_MAX}
          {...formFieldProps(form, "firstName")}
        />
        <TextInput
          label={t("fields.lastName")}
          required
          autoComplete={isCompanion ? "off" : "family-name"}
          maxLength={NAME_MAX}
          {...formFieldProps(form, "lastName")}
        />
      </SimpleGrid>
      <TextInput
        label={isCompanion ? t("public.me.companionEmail") : t("fields.email")}
        type="email"
        required={!isCompanion}
        readOnly={isEmailReadOnly}
        autoComplete={isCompanion ? "off" : "email"}
        maxLength={EMAIL_MAX}
        {...formFieldProps(form, "mail")}
      />
    </>
  );
}
