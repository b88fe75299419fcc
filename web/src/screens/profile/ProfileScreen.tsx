import { Button, DataList, Group, Paper, PasswordInput, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, type ApiError } from "@tessera/shared/client";
import type { Language } from "@tessera/shared/i18n/index";
import { passwordProblem } from "@tessera/shared/rules/password";
import type { User } from "@tessera/shared/schemas/users";
import { errorMessage } from "@/app/errorMessage.ts";
import { LanguageSelect } from "@/components/LanguageSelect.tsx";
import { OutcomeAlert } from "@/components/OutcomeAlert.tsx";
import { PasswordFields } from "@/components/PasswordFields.tsx";
import { RoleBadge } from "@/components/RoleBadge.tsx";
import type { ScreenNotice } from "@/components/ScreenAlerts.tsx";
import { useStores } from "@/stores/StoresContext.ts";
import { ScreenHeader } from "../shell/ScreenHeader.tsx";

type Outcome = ScreenNotice | null;

/** /manage/profile: the user's names and language (the interface follows it), and their password. */
export const ProfileScreen = observer(function ProfileScreen() {
  const { t } = useTranslation("web");
  const { session } = useStores();
  const user = session.user;
  if (!user) return null;
  return (
    <>
      <ScreenHeader title={t("nav.profile")} description={t("profile.description")} />
      <Stack gap="lg" maw={760}>
        <Paper withBorder p="lg">
          <DataList withDivider labelWidth={160}>
            <ProfileRow label={t("fields.email")} value={user.email} />
            <ProfileRow label={t("fields.role")} value={<RoleBadge role={user.role} />} />
            {session.account && <ProfileRow label={t("fields.account")} value={session.account.name} />}
          </DataList>
        </Paper>
        <DetailsForm key={user.id} user={user} />
        <PasswordForm />
      </Stack>
    </>
  );
});

function ProfileRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}

function DetailsForm({ user }: { user: User }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { session, context } = useStores();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [language, setLanguage] = useState<Language>(user.language);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [apiError, setApiError] = useState<ApiError | null>(null);
  const [isSaving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!firstName.trim() || !lastName.trim())
      return setOutcome({ color: "red", message: t("errors:incomplete_fields") });
    setSaving(true);
    setOutcome(null);
    setApiError(null);
    try {
      const saved = await context.api.profile.update({
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        language,
      });
      // The whole back-office re-renders in the saved language.
      session.replaceUser(saved);
      setOutcome({ color: "green", message: t("profile.saved", { lng: saved.language }) });
    } catch (error) {
      setApiError(isApiError(error) ? error : null);
      setOutcome({ color: "red", message: errorMessage(error, t) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper withBorder p="lg">
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t("profile.details")}
          </Title>
          <OutcomeAlert outcome={outcome} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("fields.firstName")}
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
              error={apiError?.messageFor("firstName")}
            />
            <TextInput
              label={t("fields.lastName")}
              value={lastName}
              onChange={(e) => setLastName(e.currentTarget.value)}
              error={apiError?.messageFor("lastName")}
            />
          </SimpleGrid>
          <LanguageSelect value={language} onChange={setLanguage} />
          <Group justify="flex-end">
            <Button type="submit" loading={isSaving}>
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PasswordForm() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { context } = useStores();
  const [currentPassword, setCurrentPassword] = useState("");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [apiError, setApiError] = useState<ApiError | null>(null);
  const [isSaving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!currentPassword || !password || !confirmation) {
      return setOutcome({ color: "red", message: t("errors:incomplete_fields") });
    }
    if (passwordProblem(password, confirmation)) return;
    setSaving(true);
    setOutcome(null);
    setApiError(null);
    try {
      await context.api.profile.changePassword({ currentPassword, password, confirmation });
      setCurrentPassword("");
      setPassword("");
      setConfirmation("");
      setOutcome({ color: "green", message: t("profile.passwordChanged") });
    } catch (error) {
      const known = isApiError(error) ? error : null;
      setApiError(known);
      // A wrong current password is said next to it.
      if (!known?.messageFor("currentPassword")) setOutcome({ color: "red", message: errorMessage(error, t) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper withBorder p="lg">
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t("profile.changePassword")}
          </Title>
          <OutcomeAlert outcome={outcome} />
          <PasswordInput
            label={t("profile.currentPassword")}
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.currentTarget.value)}
            error={apiError?.messageFor("currentPassword")}
          />
          <PasswordFields
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
            serverError={apiError?.messageFor("password")}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isSaving}>
              {t("profile.changePassword")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
