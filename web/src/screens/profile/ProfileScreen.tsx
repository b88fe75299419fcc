import { DataList, Paper, PasswordInput, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "@tessera/shared/i18n/languages";
import { NAME_MAX } from "@tessera/shared/schemas/common";
import { requiredRule } from "@/app/formRules.ts";
import { FormPanel } from "@/components/FormPanel.tsx";
import { LanguageSelect } from "@/components/LanguageSelect.tsx";
import { newPasswordValidators, PasswordFields } from "@/components/PasswordFields.tsx";
import { RoleBadge } from "@/components/RoleBadge.tsx";
import { useChangePassword, useUpdateProfile } from "@/queries/profile.ts";
import { useSignedIn, type UserJson } from "@/queries/session.ts";
import { ScreenHeader } from "../shell/ScreenHeader.tsx";

/** /manage/profile: the user's names and language (the interface follows it), and their password. */
export function ProfileScreen() {
  const { t } = useTranslation("web");
  const { user, account } = useSignedIn();
  return (
    <>
      <ScreenHeader title={t("nav.profile")} description={t("profile.description")} />
      <Stack gap="lg" maw={760}>
        <Paper withBorder p="lg">
          <DataList withDivider labelWidth={160}>
            <ProfileRow label={t("fields.email")} value={user.email} />
            <ProfileRow label={t("fields.role")} value={<RoleBadge role={user.role} />} />
            {account && <ProfileRow label={t("fields.account")} value={account.name} />}
          </DataList>
        </Paper>
        <DetailsForm key={user.id} user={user} />
        <PasswordForm />
      </Stack>
    </>
  );
}

function ProfileRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}

function DetailsForm({ user }: { user: UserJson }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const update = useUpdateProfile();
  const form = useForm({
    initialValues: { firstName: user.firstName, lastName: user.lastName, language: user.language as Language },
    validate: { firstName: requiredRule(t), lastName: requiredRule(t) },
  });
  return (
    <FormPanel
      form={form}
      title={t("profile.details")}
      canEdit
      onSave={(values) =>
        update.mutateAsync({
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          language: values.language,
        })
      }
      // The whole back-office re-renders in the saved language: so does the notice.
      savedMessage={(saved) => t("profile.saved", { lng: saved.language })}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t("fields.firstName")} maxLength={NAME_MAX} {...form.getInputProps("firstName")} />
        <TextInput label={t("fields.lastName")} maxLength={NAME_MAX} {...form.getInputProps("lastName")} />
      </SimpleGrid>
      <LanguageSelect value={form.values.language} onChange={(language) => form.setFieldValue("language", language)} />
    </FormPanel>
  );
}

function PasswordForm() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const changePassword = useChangePassword();
  const form = useForm({
    initialValues: { currentPassword: "", password: "", confirmation: "" },
    validate: { currentPassword: requiredRule(t), ...newPasswordValidators(t) },
  });
  return (
    <FormPanel
      form={form}
      title={t("profile.changePassword")}
      submitLabel={t("profile.changePassword")}
      canEdit
      onSave={async (values) => {
        await changePassword.mutateAsync(values);
        form.reset();
      }}
      savedMessage={t("profile.passwordChanged")}
    >
      <PasswordInput
        label={t("profile.currentPassword")}
        autoComplete="current-password"
        {...form.getInputProps("currentPassword")}
      />
      <PasswordFields form={form} />
    </FormPanel>
  );
}
