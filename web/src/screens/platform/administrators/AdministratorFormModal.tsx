import { useFormFailure } from "@/app/useFormFailure.ts";
import { Button, Group, Modal, Stack, Switch } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import type { Language } from "@tessera/shared/i18n/languages";
import { ROLES, type Role } from "@tessera/shared/permissions";
import { errorMessage } from "@/app/errorMessage.ts";
import { showApiErrors } from "@/app/formRules.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { LanguageSelect } from "@/components/LanguageSelect.tsx";
import { PersonFields, personValidators } from "@/components/PersonFields.tsx";
import { RoleSelect } from "@/components/RoleSelect.tsx";
import { useCreateAdministrator, useUpdateAdministrator, type AdministratorJson } from "@/queries/administrators.ts";
import { useSignedIn } from "@/queries/session.ts";
import { AccountPicker } from "../accounts/AccountPicker.tsx";

interface AdministratorFormModalProps {
  /** null to create a new user. */
  user: AdministratorJson | null;
  onClose: () => void;
  onSaved: (user: AdministratorJson) => void;
}

/** Creates or edits any user of the platform; account roles need an account, platform administrators none. */
export function AdministratorFormModal({ user, onClose, onSaved }: AdministratorFormModalProps) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { user: signedIn } = useSignedIn();
  const create = useCreateAdministrator();
  const update = useUpdateAdministrator();
  const form = useForm({
    initialValues: {
      email: user?.email ?? "",
      firstName: user?.firstName ?? "",
      lastName: user?.lastName ?? "",
      role: (user?.role ?? "administrator") as Role,
      accountId: user?.accountId ?? null,
      language: (user?.language ?? signedIn.language) as Language,
      isActive: user?.isActive ?? true,
    },
    validate: {
      ...personValidators(t),
      // Every role but platform administrator belongs to an account.
      accountId: (accountId, values) =>
        values.role !== "administrator" && !accountId ? t("validation:required") : null,
    },
  });
  const [failure, setFailure] = useFormFailure(form);
  const { role, language } = form.values;
  const needsAccount = role !== "administrator";

  function submit(values: typeof form.values) {
    setFailure(null);
    const names = { firstName: values.firstName.trim(), lastName: values.lastName.trim() };
    const accountId = values.role === "administrator" ? null : values.accountId;
    const saving = user
      ? update.mutateAsync({
          userId: user.id,
          body: { ...names, role: values.role, accountId, language: values.language, isActive: values.isActive },
        })
      : create.mutateAsync({
          ...names,
          email: values.email.trim(),
          role: values.role,
          accountId,
          language: values.language,
        });
    saving.then(
      (saved) => {
        onSaved(saved);
        onClose();
      },
      (error: unknown) => setFailure(showApiErrors(form, error, errorMessage(error, t))),
    );
  }

  const title = user
    ? t("administrators.editTitle", { name: `${user.firstName} ${user.lastName}` })
    : t("administrators.create");
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <form onSubmit={form.onSubmit(submit, () => setFailure(t("errors:incomplete_fields")))} noValidate>
        <Stack gap="md">
          <FailureAlert message={failure} />
          <PersonFields form={form} isEmailReadOnly={user !== null} />
          <Group grow align="flex-start">
            <RoleSelect
              label={t("fields.role")}
              roles={ROLES}
              value={role}
              onChange={(next) => form.setFieldValue("role", next)}
              description={t(`roleDescriptions.${role}`)}
              inputWrapperOrder={["label", "input", "description", "error"]}
            />
            <LanguageSelect value={language} onChange={(next) => form.setFieldValue("language", next)} />
          </Group>
          {needsAccount && (
            <AccountPicker
              label={t("fields.account")}
              value={form.values.accountId}
              onChange={(accountId) => form.setFieldValue("accountId", accountId)}
              error={form.errors.accountId as string | undefined}
            />
          )}
          {user && (
            <Switch label={t("administrators.isActive")} {...form.getInputProps("isActive", { type: "checkbox" })} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {user ? t("common.save") : t("administrators.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
