import { Anchor, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { EMAIL_MAX } from "@tessera/shared/schemas/common";
import { errorMessage } from "@/app/errorMessage.ts";
import { requiredRule, showApiErrors } from "@/app/formRules.ts";
import { useRequestPasswordReset } from "@/queries/session.ts";
import { useSignIn } from "./signInContext.ts";

export function ForgotPasswordScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { paths, showAlert, clearAlert } = useSignIn();
  const navigate = useNavigate();
  const requestLink = useRequestPasswordReset();
  const form = useForm({ initialValues: { email: "" }, validate: { email: requiredRule(t) } });

  function submit(values: typeof form.values) {
    clearAlert();
    requestLink.mutateAsync({ email: values.email.trim() }).then(
      () => navigate(paths.forgotPasswordSuccess),
      (error: unknown) => {
        const message = showApiErrors(form, error, errorMessage(error, t));
        if (message) showAlert(message);
      },
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit, () => showAlert(t("errors:incomplete_fields")))} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {t("forgotPassword.title")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("forgotPassword.subtitle")}
          </Text>
        </div>
        <TextInput
          label={t("fields.email")}
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          autoFocus
          {...form.getInputProps("email")}
        />
        <Group justify="space-between" align="center">
          <Anchor component={Link} to={paths.signIn} size="sm">
            {t("common.backToSignIn")}
          </Anchor>
          <Button type="submit" loading={requestLink.isPending || requestLink.isSuccess}>
            {t("forgotPassword.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
