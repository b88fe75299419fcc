import { Card, Group, Select, Stack, TextInput, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CIVILITIES, GUEST_STATUSES } from "@tessera/shared/rules/guests";
import type { GuestForm } from "./guestForm.ts";

/** The identity part of the guest form: civility, names, email, company, job title, status, prescriber. */
export function GuestIdentityCard({ form, canEdit }: { form: GuestForm; canEdit: boolean }) {
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
          clearable
          disabled={!canEdit}
          {...form.getInputProps("civility")}
        />
        <Group grow>
          <TextInput
            label={t("guests.fields.firstName")}
            maxLength={100}
            disabled={!canEdit}
            {...form.getInputProps("firstName")}
          />
          <TextInput
            label={t("guests.fields.lastName")}
            maxLength={100}
            disabled={!canEdit}
            {...form.getInputProps("lastName")}
          />
        </Group>
        <TextInput
          label={t("guests.fields.email")}
          type="email"
          maxLength={254}
          disabled={!canEdit}
          {...form.getInputProps("email")}
        />
        <Group grow>
          <TextInput
            label={t("guests.fields.company")}
            maxLength={200}
            disabled={!canEdit}
            {...form.getInputProps("company")}
          />
          <TextInput
            label={t("guests.fields.jobTitle")}
            maxLength={200}
            disabled={!canEdit}
            {...form.getInputProps("jobTitle")}
          />
        </Group>
        <Select
          label={t("guests.fields.status")}
          data={GUEST_STATUSES.map((value) => ({ value, label: t(`guests.status.${value}`) }))}
          allowDeselect={false}
          disabled={!canEdit}
          {...form.getInputProps("status")}
        />
        <TextInput
          label={t("guests.fields.prescriber")}
          maxLength={200}
          disabled={!canEdit}
          {...form.getInputProps("prescriber")}
        />
      </Stack>
    </Card>
  );
}
