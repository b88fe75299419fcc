import { Anchor, Button, Group, PinInput, Stack, Text, Title } from "@mantine/core";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate } from "react-router";
import { api } from "@/api.ts";
import { errorMessage } from "@/app/errorMessage.ts";
import { forgetPendingSecondFactor, pendingSecondFactor } from "./pendingSecondFactor.ts";
import { useSignIn } from "./signInContext.ts";
import { pathAfterSignIn } from "./signInPaths.ts";
import { SECOND_FACTOR_LENGTH } from "@tessera/shared/rules/secondFactor";

/** Two-factor sign-in: the code is emailed on arrival, then the sign-in is retried with it. */
export function SendingTokenScreen() {
  const pending = pendingSecondFactor();
  const { paths } = useSignIn();
  if (!pending) return <Navigate to={paths.signIn} replace />;
  return <SecondFactorForm email={pending.email} password={pending.password} next={pending.next} />;
}

function SecondFactorForm({ email, password, next }: { email: string; password: string; next: string | null }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { paths, showAlert, clearAlert } = useSignIn();
  const navigate = useNavigate();
  const [code, setCode] = useState("");
  const [expiresInMinutes, setExpiresInMinutes] = useState<number | null>(null);
  const [isSending, setSending] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const hasSentFirstCode = useRef(false);

  const sendCode = useCallback(async () => {
    setSending(true);
    try {
      const answer = await api.auth.sendingToken({ email, password });
      setExpiresInMinutes(answer.expiresInMinutes);
    } catch (error) {
      showAlert(errorMessage(error, t));
    } finally {
      setSending(false);
    }
  }, [email, password, showAlert, t]);

  // The first code is sent once, on arrival (the ref survives StrictMode's second effect run).
  useEffect(() => {
    if (hasSentFirstCode.current) return;
    hasSentFirstCode.current = true;
    void sendCode();
  }, [sendCode]);

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (code.length !== SECOND_FACTOR_LENGTH) return showAlert(t("errors:incomplete_fields"));
    clearAlert();
    setSubmitting(true);
    try {
      await api.auth.login({ email, password, token: code });
      forgetPendingSecondFactor();
      navigate(pathAfterSignIn(next));
    } catch (error) {
      setSubmitting(false);
      setCode("");
      showAlert(errorMessage(error, t));
    }
  }

  return (
    <form onSubmit={verify} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t("sendingToken.title")}
        </Title>
        <Text size="sm">
          {expiresInMinutes === null
            ? t("sendingToken.sending")
            : t("sendingToken.sent", { email, count: expiresInMinutes })}
        </Text>
        <PinInput
          length={SECOND_FACTOR_LENGTH}
          type="number"
          oneTimeCode
          value={code}
          onChange={setCode}
          aria-label={t("sendingToken.code")}
          autoFocus
        />
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => void sendCode()} loading={isSending}>
            {t("sendingToken.resend")}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t("sendingToken.submit")}
          </Button>
        </Group>
        <Anchor component={Link} to={paths.signIn} size="sm" onClick={forgetPendingSecondFactor}>
          {t("common.backToSignIn")}
        </Anchor>
      </Stack>
    </form>
  );
}
