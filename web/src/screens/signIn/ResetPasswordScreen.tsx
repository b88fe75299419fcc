import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { isApiError } from "@tessera/shared/client";
import { passwordProblem } from "@tessera/shared/rules/password";
import { api } from "@/api.ts";
import { errorMessage } from "@/app/errorMessage.ts";
import { PasswordFields } from "@/components/PasswordFields.tsx";
import { InvalidLink } from "./InvalidLink.tsx";
import { useSignIn } from "./signInContext.ts";

/** Reached from the emailed link `/{lang}/admin/reset-password?token=…`. */
export function ResetPasswordScreen() {
  const token = useSearchParams()[0].get("token");
  return token ? <ResetPasswordForm token={token} /> : <InvalidLink kind="passwordReset" />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { paths, showAlert, clearAlert } = useSignIn();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [serverPasswordError, setServerPasswordError] = useState<string>();
  const [isSubmitting, setSubmitting] = useState(false);

  async function resetPassword(event: FormEvent) {
    event.preventDefault();
    if (!password || !confirmation) return showAlert(t("errors:incomplete_fields"));
    // The fields already show what is wrong with the password.
    if (passwordProblem(password, confirmation)) return;
    clearAlert();
    setSubmitting(true);
    try {
      await api.auth.resetPassword({ token, password, confirmation });
      navigate(paths.resetPasswordSuccess);
    } catch (error) {
      setSubmitting(false);
      if (isApiError(error)) setServerPasswordError(error.messageFor("password"));
      showAlert(errorMessage(error, t));
    }
  }

  return (
    <form onSubmit={resetPassword} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {t("resetPassword.title")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("resetPassword.subtitle")}
          </Text>
        </div>
        <PasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          serverError={serverPasswordError}
        />
        <Group justify="space-between" align="center">
          <Anchor component={Link} to={paths.signIn} size="sm">
            {t("common.backToSignIn")}
          </Anchor>
          <Button type="submit" loading={isSubmitting}>
            {t("resetPassword.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
