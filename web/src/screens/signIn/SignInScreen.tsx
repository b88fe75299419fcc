import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { isApiError } from "@tessera/shared/client";
import { api } from "@/api.ts";
import { errorMessage } from "@/app/errorMessage.ts";
import { rememberPendingSecondFactor } from "./pendingSecondFactor.ts";
import { useSignIn } from "./signInContext.ts";
import { pathAfterSignIn } from "./signInPaths.ts";

export function SignInScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { paths, eventSlug, showAlert, clearAlert } = useSignIn();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [isSubmitting, setSubmitting] = useState(false);

  async function signIn(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) return showAlert(t("errors:incomplete_fields"));
    clearAlert();
    setSubmitting(true);
    const next = searchParams.get("next");
    try {
      await api.auth.login({ email: email.trim(), password });
      navigate(pathAfterSignIn(next));
    } catch (error) {
      setSubmitting(false);
      if (isApiError(error) && error.code === "second_factor_required") {
        rememberPendingSecondFactor({ email: email.trim(), password, next });
        navigate(paths.sendingToken);
        return;
      }
      showAlert(errorMessage(error, t));
    }
  }

  return (
    <form onSubmit={signIn} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {t("signIn.title")}
          </Title>
          <Text c="dimmed" size="sm">
            {eventSlug ? t("signIn.eventSubtitle", { event: eventSlug }) : t("signIn.subtitle")}
          </Text>
        </div>
        <TextInput
          label={t("fields.email")}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          autoFocus
        />
        <PasswordInput
          label={t("fields.password")}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Group justify="space-between" align="center">
          <Anchor component={Link} to={paths.forgotPassword} size="sm">
            {t("signIn.forgotPassword")}
          </Anchor>
          <Button type="submit" loading={isSubmitting}>
            {t("signIn.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
