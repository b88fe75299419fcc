import { Button, Group, Modal, Stack } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, type ApiError } from "@tessera/shared/client";
import type { Language } from "@tessera/shared/i18n/index";
import { ACCOUNT_ROLES, type AccountRole } from "@tessera/shared/permissions";
import { errorMessage } from "@/app/errorMessage.ts";
import { LanguageSelect } from "@/components/LanguageSelect.tsx";
import { PersonFields, type PersonFieldValues } from "@/components/PersonFields.tsx";
import { RoleSelect } from "@/components/RoleSelect.tsx";
import { useStores } from "@/stores/StoresContext.ts";
import type { ScreenNotice } from "@/components/ScreenAlerts.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";

interface InviteUserModalProps {
  onClose: () => void;
  onDone: (notice: ScreenNotice) => void;
}

/** Creates a user of the account and emails them the invitation to choose their password. */
export function InviteUserModal({ onClose, onDone }: InviteUserModalProps) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountUsers, session } = useStores();
  const [person, setPerson] = useState<PersonFieldValues>({ email: "", firstName: "", lastName: "" });
  const { email, firstName, lastName } = person;
  const [role, setRole] = useState<AccountRole>("editor");
  const [language, setLanguage] = useState<Language>(session.user?.language ?? "en");
  const [failure, setFailure] = useState<string | null>(null);
  const [apiError, setApiError] = useState<ApiError | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  async function invite(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !firstName.trim() || !lastName.trim()) return setFailure(t("errors:incomplete_fields"));
    setSubmitting(true);
    setFailure(null);
    try {
      // Creating the user emails the invitation (POST /accounts/{a}/administrators).
      const user = await accountUsers.create({
        email: email.trim(),
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        role,
        language,
      });
      onDone({ color: "green", message: t("users.invitationSent", { email: user.email }) });
    } catch (error) {
      setSubmitting(false);
      setApiError(isApiError(error) ? error : null);
      setFailure(errorMessage(error, t));
      return;
    }
    onClose();
  }

  return (
    <Modal opened onClose={onClose} title={t("users.invite")} centered size="lg">
      <form onSubmit={invite} noValidate>
        <Stack gap="md">
          <FailureAlert message={failure} />
          <PersonFields value={person} onChange={setPerson} apiError={apiError} />
          <Group grow align="flex-start">
            <RoleSelect
              label={t("fields.role")}
              roles={ACCOUNT_ROLES}
              value={role}
              onChange={setRole}
              description={t(`roleDescriptions.${role}`)}
              inputWrapperOrder={["label", "input", "description", "error"]}
            />
            <LanguageSelect value={language} onChange={setLanguage} />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t("users.sendInvitation")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
