import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { showApiErrors } from "@/app/formRules.ts";
import { newPasswordValidators, PasswordFields, type NewPasswordValues } from "@/components/PasswordFields.tsx";
import { useResetLink, useResetPassword } from "@/queries/session.ts";
import { PageLoader } from "@/components/PageLoader.tsx";
import { InvalidLink } from "./InvalidLink.tsx";
import { useSignIn } from "./signInContext.ts";

/** Reached from the emailed link `/{lang}/admin/reset-password?token=…`; a link that no longer works says so. */
export function ResetPasswordScreen() {
  const { t } = useTranslation(["web", "errors"]);
  const token = useSearchParams()[0].get("token");
  const link = useResetLink(token);
  if (!token) return <InvalidLink kind="passwordReset" />;
  if (link.error) return <InvalidLink kind="passwordReset" message={errorMessage(link.error, t)} />;
  if (!link.data) return <PageLoader />;
  return <ResetPasswordForm token={token} email={link.data.email} />;
}

function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { paths, showAlert, clearAlert } = useSignIn();
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const form = useForm<NewPasswordValues>({
    initialValues: { password: "", confirmation: "" },
    validate: newPasswordValidators(t),
  });

  function submit(values: NewPasswordValues) {
    clearAlert();
    resetPassword.mutateAsync({ token, ...values }).then(
      () => navigate(paths.resetPasswordSuccess),
      (error: unknown) => {
        showApiErrors(form, error, "");
        showAlert(errorMessage(error, t));
      },
    );
  }

  /** An empty field asks for every field; a password that breaks the rule is said next to it already. */
  function refuse(values: NewPasswordValues) {
    if (!values.password || !values.confirmation) showAlert(t("errors:incomplete_fields"));
  }

  return (
    <form onSubmit={form.onSubmit(submit, (_errors, values) => refuse(values))} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {t("resetPassword.title")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("resetPassword.subtitle")}
          </Text>
          <Text size="sm" data-testid="reset-email">
            {t("resetPassword.forAddress", { email })}
          </Text>
        </div>
        <PasswordFields form={form} />
        <Group justify="space-between" align="center">
          <Anchor component={Link} to={paths.signIn} size="sm">
            {t("common.backToSignIn")}
          </Anchor>
          <Button type="submit" loading={resetPassword.isPending || resetPassword.isSuccess}>
            {t("resetPassword.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
