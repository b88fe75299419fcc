import { useFormFailure } from "@/app/useFormFailure.ts";
import { Button, Group, Modal, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import type { Language } from "@tessera/shared/i18n/languages";
import { ACCOUNT_ROLES, type AccountRole } from "@tessera/shared/permissions";
import { errorMessage } from "@/app/errorMessage.ts";
import { showApiErrors } from "@/app/formRules.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { LanguageSelect } from "@/components/LanguageSelect.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { PersonFields, personValidators } from "@/components/PersonFields.tsx";
import { RoleSelect } from "@/components/RoleSelect.tsx";
import { useInviteAccountUser } from "@/queries/accountUsers.ts";
import { useSignedIn } from "@/queries/session.ts";

/** Creates a user of the account and emails them the invitation to choose their password. */
export function InviteUserModal({ accountId, onClose }: { accountId: string; onClose: () => void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { user: signedIn } = useSignedIn();
  const invite = useInviteAccountUser(accountId);
  const form = useForm({
    initialValues: {
      email: "",
      firstName: "",
      lastName: "",
      role: "editor" as AccountRole,
      language: signedIn.language as Language,
    },
    validate: personValidators(t),
  });
  const [failure, setFailure] = useFormFailure(form);

  function submit(values: typeof form.values) {
    setFailure(null);
    // Creating the user emails the invitation (POST /accounts/{a}/administrators).
    invite
      .mutateAsync({
        ...values,
        email: values.email.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
      })
      .then(
        (user) => {
          notifySuccess(t("users.invitationSent", { email: user.email }));
          onClose();
        },
        (error: unknown) => setFailure(showApiErrors(form, error, errorMessage(error, t))),
      );
  }

  return (
    <Modal opened onClose={onClose} title={t("users.invite")} centered size="lg">
      <form onSubmit={form.onSubmit(submit, () => setFailure(t("errors:incomplete_fields")))} noValidate>
        <Stack gap="md">
          <FailureAlert message={failure} />
          <PersonFields form={form} />
          <Group grow align="flex-start">
            <RoleSelect
              label={t("fields.role")}
              roles={ACCOUNT_ROLES}
              value={form.values.role}
              onChange={(role) => form.setFieldValue("role", role)}
              description={t(`roleDescriptions.${form.values.role}`)}
              inputWrapperOrder={["label", "input", "description", "error"]}
            />
            <LanguageSelect
              value={form.values.language}
              onChange={(language) => form.setFieldValue("language", language)}
            />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t("users.sendInvitation")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
