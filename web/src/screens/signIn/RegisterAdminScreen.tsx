import { Anchor, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { NAME_MAX } from "@tessera/shared/schemas/common";
import { errorMessage } from "@/app/errorMessage.ts";
import { requiredRule, showApiErrors } from "@/app/formRules.ts";
import { PageLoader } from "@/components/PageLoader.tsx";
import { newPasswordValidators, PasswordFields } from "@/components/PasswordFields.tsx";
import { useInvitation, useRegisterAdmin, type InvitationJson } from "@/queries/session.ts";
import { InvalidLink } from "./InvalidLink.tsx";
import { useSignIn } from "./signInContext.ts";

/** Completes an invitation, reached from the emailed link `/{lang}/admin/register-admin?token=…`. */
export function RegisterAdminScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const token = useSearchParams()[0].get("token");
  const invitation = useInvitation(token);

  if (!token) return <InvalidLink kind="invitation" />;
  if (invitation.error) return <InvalidLink kind="invitation" message={errorMessage(invitation.error, t)} />;
  if (!invitation.data) return <PageLoader />;
  return <RegisterAdminForm token={token} invitation={invitation.data} />;
}

function RegisterAdminForm({ token, invitation }: { token: string; invitation: InvitationJson }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { paths, showAlert, clearAlert } = useSignIn();
  const navigate = useNavigate();
  const register = useRegisterAdmin();
  const form = useForm({
    initialValues: { firstName: invitation.firstName, lastName: invitation.lastName, password: "", confirmation: "" },
    validate: { firstName: requiredRule(t), lastName: requiredRule(t), ...newPasswordValidators(t) },
  });
  type Values = typeof form.values;

  function submit(values: Values) {
    clearAlert();
    register
      .mutateAsync({
        token,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        password: values.password,
        confirmation: values.confirmation,
      })
      .then(
        () => navigate(paths.registerSuccess),
        (error: unknown) => {
          showApiErrors(form, error, "");
          showAlert(errorMessage(error, t));
        },
      );
  }

  /** An empty field asks for every field; a password that breaks the rule is said next to it already. */
  function refuse(values: Values) {
    if (Object.values(values).some((value) => !value.trim())) showAlert(t("errors:incomplete_fields"));
  }

  return (
    <form onSubmit={form.onSubmit(submit, (_errors, values) => refuse(values))} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {t("registerAdmin.title")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("registerAdmin.subtitle")}
          </Text>
        </div>
        <TextInput label={t("fields.email")} value={invitation.email} readOnly variant="filled" />
        <Group grow align="flex-start">
          <TextInput
            label={t("fields.firstName")}
            autoComplete="given-name"
            maxLength={NAME_MAX}
            {...form.getInputProps("firstName")}
          />
          <TextInput
            label={t("fields.lastName")}
            autoComplete="family-name"
            maxLength={NAME_MAX}
            {...form.getInputProps("lastName")}
          />
        </Group>
        <PasswordFields form={form} />
        <Group justify="space-between" align="center">
          <Anchor component={Link} to={paths.signIn} size="sm">
            {t("common.backToSignIn")}
          </Anchor>
          <Button type="submit" loading={register.isPending || register.isSuccess}>
            {t("registerAdmin.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
