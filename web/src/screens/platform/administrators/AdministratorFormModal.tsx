import { Button, Group, Modal, Stack, Switch } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, type ApiError } from "@tessera/shared/client";
import type { Language } from "@tessera/shared/i18n/index";
import { ROLES, type Role } from "@tessera/shared/permissions";
import type { User } from "@tessera/shared/schemas/users";
import { errorMessage } from "@/app/errorMessage.ts";
import { LanguageSelect } from "@/components/LanguageSelect.tsx";
import { PersonFields, type PersonFieldValues } from "@/components/PersonFields.tsx";
import { RoleSelect } from "@/components/RoleSelect.tsx";
import { useStores } from "@/stores/StoresContext.ts";
import { AccountPicker } from "../accounts/AccountPicker.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";

interface AdministratorFormModalProps {
  /** null to create a new user. */
  user: User | null;
  onClose: () => void;
  onSaved: (user: User) => void;
}

/** Creates or edits any user of the platform; account roles need an account, platform administrators none. */
export function AdministratorFormModal({ user, onClose, onSaved }: AdministratorFormModalProps) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { administrators, session } = useStores();
  const [person, setPerson] = useState<PersonFieldValues>({
    email: user?.email ?? "",
    firstName: user?.firstName ?? "",
    lastName: user?.lastName ?? "",
  });
  const { email, firstName, lastName } = person;
  const [role, setRole] = useState<Role>(user?.role ?? "administrator");
  const [accountId, setAccountId] = useState<string | null>(user?.accountId ?? null);
  const [language, setLanguage] = useState<Language>(user?.language ?? session.user?.language ?? "en");
  const [isActive, setActive] = useState(user?.isActive ?? true);
  const [failure, setFailure] = useState<string | null>(null);
  const [apiError, setApiError] = useState<ApiError | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const needsAccount = role !== "administrator";

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !firstName.trim() || !lastName.trim() || (needsAccount && !accountId)) {
      return setFailure(t("errors:incomplete_fields"));
    }
    setSubmitting(true);
    setFailure(null);
    const names = { firstName: firstName.trim(), lastName: lastName.trim() };
    const linkedAccount = needsAccount ? accountId : null;
    try {
      const saved = user
        ? await administrators.update(user.id, { ...names, role, accountId: linkedAccount, language, isActive })
        : await administrators.create({ ...names, email: email.trim(), role, accountId: linkedAccount, language });
      onSaved(saved);
      onClose();
    } catch (error) {
      setSubmitting(false);
      setApiError(isApiError(error) ? error : null);
      setFailure(errorMessage(error, t));
    }
  }

  const title = user
    ? t("administrators.editTitle", { name: `${user.firstName} ${user.lastName}` })
    : t("administrators.create");
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <FailureAlert message={failure} />
          <PersonFields value={person} onChange={setPerson} apiError={apiError} isEmailReadOnly={user !== null} />
          <Group grow align="flex-start">
            <RoleSelect
              label={t("fields.role")}
              roles={ROLES}
              value={role}
              onChange={setRole}
              description={t(`roleDescriptions.${role}`)}
              inputWrapperOrder={["label", "input", "description", "error"]}
            />
            <LanguageSelect value={language} onChange={setLanguage} />
          </Group>
          {needsAccount && (
            <AccountPicker
              label={t("fields.account")}
              value={accountId}
              onChange={setAccountId}
              error={apiError?.messageFor("accountId")}
            />
          )}
          {user && (
            <Switch
              label={t("administrators.isActive")}
              checked={isActive}
              onChange={(e) => setActive(e.currentTarget.checked)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {user ? t("common.save") : t("administrators.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
