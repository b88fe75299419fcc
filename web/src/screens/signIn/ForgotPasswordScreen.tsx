import { Anchor, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { api } from "@/api.ts";
import { errorMessage } from "@/app/errorMessage.ts";
import { useSignIn } from "./signInContext.ts";

export function ForgotPasswordScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { paths, showAlert, clearAlert } = useSignIn();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [isSubmitting, setSubmitting] = useState(false);

  async function requestLink(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return showAlert(t("errors:incomplete_fields"));
    clearAlert();
    setSubmitting(true);
    try {
      await api.auth.forgotPassword({ email: email.trim() });
      navigate(paths.forgotPasswordSuccess);
    } catch (error) {
      setSubmitting(false);
      showAlert(errorMessage(error, t));
    }
  }

  return (
    <form onSubmit={requestLink} noValidate>
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
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          autoFocus
        />
        <Group justify="space-between" align="center">
          <Anchor component={Link} to={paths.signIn} size="sm">
            {t("common.backToSignIn")}
          </Anchor>
          <Button type="submit" loading={isSubmitting}>
            {t("forgotPassword.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
