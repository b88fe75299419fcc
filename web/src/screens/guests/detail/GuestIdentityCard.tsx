import { Card, Group, Select, Stack, TextInput, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CIVILITIES, GUEST_STATUSES } from "@tessera/shared/rules/guests";
import type { GuestFormValues, SetGuestValue } from "./guestForm.ts";

/** The identity part of the guest form: civility, names, email, company, job title, status, prescriber. */
export function GuestIdentityCard({
  values,
  set,
  canEdit,
  errors,
}: {
  values: GuestFormValues;
  set: SetGuestValue;
  canEdit: boolean;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation(["web"]);
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t("guests.detail.identity")}
        </Title>
        <Select
          label={t("guests.fields.civility")}
          data={CIVILITIES.map((value) => ({ value, label: t(`guests.civility.${value}`) }))}
          value={values.civility}
          onChange={(value) => set("civility", value)}
          clearable
          disabled={!canEdit}
        />
        <Group grow>
          <TextInput
            label={t("guests.fields.firstName")}
            value={values.firstName}
            onChange={(e) => set("firstName", e.currentTarget.value)}
            maxLength={100}
            disabled={!canEdit}
            error={errors["firstName"]}
          />
          <TextInput
            label={t("guests.fields.lastName")}
            value={values.lastName}
            onChange={(e) => set("lastName", e.currentTarget.value)}
            maxLength={100}
            disabled={!canEdit}
            error={errors["lastName"]}
          />
        </Group>
        <TextInput
          label={t("guests.fields.email")}
          type="email"
          value={values.email}
          onChange={(e) => set("email", e.currentTarget.value)}
          maxLength={254}
          disabled={!canEdit}
          error={errors["email"]}
        />
        <Group grow>
          <TextInput
            label={t("guests.fields.company")}
            value={values.company}
            onChange={(e) => set("company", e.currentTarget.value)}
            maxLength={200}
            disabled={!canEdit}
            error={errors["company"]}
          />
          <TextInput
            label={t("guests.fields.jobTitle")}
            value={values.jobTitle}
            onChange={(e) => set("jobTitle", e.currentTarget.value)}
            maxLength={200}
            disabled={!canEdit}
            error={errors["jobTitle"]}
          />
        </Group>
        <Select
          label={t("guests.fields.status")}
          data={GUEST_STATUSES.map((value) => ({ value, label: t(`guests.status.${value}`) }))}
          value={values.status}
          onChange={(value) => value && set("status", value)}
          allowDeselect={false}
          disabled={!canEdit}
          error={errors["status"]}
        />
        <TextInput
          label={t("guests.fields.prescriber")}
          value={values.prescriber}
          onChange={(e) => set("prescriber", e.currentTarget.value)}
          maxLength={200}
          disabled={!canEdit}
        />
      </Stack>
    </Card>
  );
}
