import { Anchor, Button, Group, PinInput, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate } from "react-router";
import { SECOND_FACTOR_LENGTH } from "@tessera/shared/rules/secondFactor";
import { errorMessage } from "@/app/errorMessage.ts";
import { useSendSignInCode, useSignIn as useSignInMutation } from "@/queries/session.ts";
import { forgetPendingSecondFactor, pendingSecondFactor, type PendingSecondFactor } from "./pendingSecondFactor.ts";
import { useSignIn } from "./signInContext.ts";
import { pathAfterSignIn } from "./signInPaths.ts";

/** Two-factor sign-in: the code is emailed on arrival, then the sign-in is retried with it. */
export function SendingTokenScreen() {
  const pending = pendingSecondFactor();
  const { paths } = useSignIn();
  if (!pending) return <Navigate to={paths.signIn} replace />;
  return <SecondFactorForm {...pending} />;
}

function SecondFactorForm({ email, password, accountId, next }: PendingSecondFactor) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { paths, showAlert, clearAlert, chosenLanguage } = useSignIn();
  const navigate = useNavigate();
  const sendCode = useSendSignInCode();
  const signIn = useSignInMutation();
  const form = useForm({
    initialValues: { code: "" },
    validate: { code: (code) => (code.length === SECOND_FACTOR_LENGTH ? null : t("validation:required")) },
  });
  const hasSentFirstCode = useRef(false);
  const accountChoice = accountId === undefined ? {} : { accountId };

  function send() {
    sendCode.mutate({ email, password, ...accountChoice }, { onError: (error) => showAlert(errorMessage(error, t)) });
  }

  // The first code is sent once, on arrival (the ref survives StrictMode's second effect run).
  useEffect(() => {
    if (hasSentFirstCode.current) return;
    hasSentFirstCode.current = true;
    send();
  });

  function verify({ code }: typeof form.values) {
    clearAlert();
    signIn
      .mutateAsync({
        email,
        password,
        token: code,
        ...accountChoice,
        ...(chosenLanguage ? { language: chosenLanguage } : {}),
      })
      .then(
        () => {
          forgetPendingSecondFactor();
          navigate(pathAfterSignIn(next));
        },
        (error: unknown) => {
          form.setFieldValue("code", "");
          showAlert(errorMessage(error, t));
        },
      );
  }

  const expiresInMinutes = sendCode.data?.expiresInMinutes;
  return (
    <form onSubmit={form.onSubmit(verify, () => showAlert(t("errors:incomplete_fields")))} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t("sendingToken.title")}
        </Title>
        <Text size="sm">
          {expiresInMinutes === undefined
            ? t("sendingToken.sending")
            : t("sendingToken.sent", { email, count: expiresInMinutes })}
        </Text>
        <PinInput
          length={SECOND_FACTOR_LENGTH}
          type="number"
          oneTimeCode
          value={form.values.code}
          onChange={(code) => form.setFieldValue("code", code)}
          error={Boolean(form.errors.code)}
          aria-label={t("sendingToken.code")}
          autoFocus
        />
        <Group justify="space-between">
          <Button variant="subtle" onClick={send} loading={sendCode.isPending}>
            {t("sendingToken.resend")}
          </Button>
          <Button type="submit" loading={signIn.isPending || signIn.isSuccess}>
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
