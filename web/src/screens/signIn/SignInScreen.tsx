import { Anchor, Button, Group, PasswordInput, Radio, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { isApiError } from "@tessera/shared/client";
import { errorMessage } from "@/app/errorMessage.ts";
import { requiredRule, showApiErrors } from "@/app/formRules.ts";
import { useSignIn as useSignInMutation } from "@/queries/session.ts";
import { accountIdOf, accountsToChooseFrom, choiceValue, type AccountOption } from "./accountChoice.ts";
import { rememberPendingSecondFactor } from "./pendingSecondFactor.ts";
import { useSignIn } from "./signInContext.ts";
import { pathAfterSignIn } from "./signInPaths.ts";

export function SignInScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { paths, eventSlug, showAlert, clearAlert, chosenLanguage } = useSignIn();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useSignInMutation();
  // Filled when the password opens several accounts of this address: the user picks one.
  const [accounts, setAccounts] = useState<AccountOption[] | null>(null);
  const form = useForm({
    initialValues: { email: "", password: "", account: "" },
    validate: {
      email: requiredRule(t),
      password: requiredRule(t),
      account: (value) => (accounts && !value ? t("validation:required") : null),
    },
    onValuesChange: (values, previous) => {
      if (values.email !== previous.email || values.password !== previous.password) setAccounts(null);
    },
  });

  function submit(values: typeof form.values) {
    clearAlert();
    const email = values.email.trim();
    const next = searchParams.get("next");
    const accountChoice = accounts && values.account ? { accountId: accountIdOf(values.account) } : {};
    signIn
      .mutateAsync({
        email,
        password: values.password,
        ...accountChoice,
        ...(chosenLanguage ? { language: chosenLanguage } : {}),
      })
      .then(
        () => navigate(pathAfterSignIn(next)),
        (error: unknown) => {
          if (isApiError(error) && error.code === "second_factor_required") {
            rememberPendingSecondFactor({ email, password: values.password, ...accountChoice, next });
            navigate(paths.sendingToken);
            return;
          }
          const choices = accountsToChooseFrom(error);
          if (choices) {
            setAccounts(choices);
            form.setFieldValue("account", "");
            showAlert(errorMessage(error, t), "blue");
            return;
          }
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
          autoFocus
          {...form.getInputProps("email")}
        />
        <PasswordInput
          label={t("fields.password")}
          autoComplete="current-password"
          {...form.getInputProps("password")}
        />
        {accounts && (
          <Radio.Group label={t("signIn.account")} {...form.getInputProps("account")}>
            <Stack gap="xs" mt="xs">
              {accounts.map((option) => (
                <Radio key={choiceValue(option)} value={choiceValue(option)} label={option.name} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="space-between" align="center">
          <Anchor component={Link} to={paths.forgotPassword} size="sm">
            {t("signIn.forgotPassword")}
          </Anchor>
          <Button type="submit" loading={signIn.isPending || signIn.isSuccess}>
            {t("signIn.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
