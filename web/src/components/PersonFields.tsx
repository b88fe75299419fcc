import { Group, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ApiError } from "@tessera/shared/client";

export interface PersonFieldValues {
  email: string;
  firstName: string;
  lastName: string;
}

interface PersonFieldsProps {
  value: PersonFieldValues;
  onChange: (value: PersonFieldValues) => void;
  apiError: ApiError | null;
  /** Shows the e-mail as a read-only (filled) field, as when editing an existing person. */
  isEmailReadOnly?: boolean;
}

/** The e-mail, first name and last name inputs of a person form. */
export function PersonFields({ value, onChange, apiError, isEmailReadOnly = false }: PersonFieldsProps) {
  const { t } = useTranslation("web");
  return (
    <>
      <TextInput
        label={t("fields.email")}
        type="email"
        value={value.email}
        onChange={(e) => onChange({ ...value, email: e.currentTarget.value })}
        readOnly={isEmailReadOnly}
        variant={isEmailReadOnly ? "filled" : "default"}
        error={apiError?.messageFor("email")}
        data-autofocus
      />
      <Group grow align="flex-start">
        <TextInput
          label={t("fields.firstName")}
          value={value.firstName}
          onChange={(e) => onChange({ ...value, firstName: e.currentTarget.value })}
          error={apiError?.messageFor("firstName")}
        />
        <TextInput
          label={t("fields.lastName")}
          value={value.lastName}
          onChange={(e) => onChange({ ...value, lastName: e.currentTarget.value })}
          error={apiError?.messageFor("lastName")}
        />
      </Group>
    </>
  );
}
