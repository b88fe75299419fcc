import { PasswordInput, Stack } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { isStrongPassword, passwordProblem, type PasswordProblem } from "@tessera/shared/rules/password";
import type { WebTFunction } from "@/app/errorMessage.ts";
import { byRule } from "@/app/formRules.ts";

/** The fields of a form that chooses a new password. */
export interface NewPasswordValues {
  password: string;
  confirmation: string;
}

export interface PasswordFieldsProblems {
  password: PasswordProblem | null;
  confirmation: PasswordProblem | null;
}

/** The problems to show next to each field while the user types (empty fields are not judged yet). */
export function livePasswordProblems(password: string, confirmation: string): PasswordFieldsProblems {
  return {
    password: password ? passwordProblem(password, password) : null,
    confirmation: confirmation && confirmation !== password ? "passwords_do_not_match" : null,
  };
}

/** The validators of a new password and its confirmation: the password rule of spec §5, as the API applies it. */
export function newPasswordValidators<Values extends NewPasswordValues>(t: WebTFunction) {
  return {
    password: byRule<string, Values>(
      (password) => (!password ? "required" : isStrongPassword(password) ? null : "password_rule"),
      t,
    ),
    confirmation: byRule<string, Values>(
      (confirmation, values) =>
        !confirmation ? "required" : confirmation !== values.password ? "passwords_do_not_match" : null,
      t,
    ),
  };
}

/**
 * A new password and its confirmation, checked live against the password rule of spec §5; what the form's
 * validators or the API say shows once the live rule has nothing to say.
 */
export function PasswordFields<Values extends NewPasswordValues>({ form }: { form: UseFormReturnType<Values> }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { password, confirmation } = form.getValues();
  const problems = livePasswordProblems(password, confirmation);
  const passwordError = problems.password
    ? t(`validation:${problems.password}`)
    : (form.errors.password as string | undefined);
  const confirmationError = problems.confirmation
    ? t(`validation:${problems.confirmation}`)
    : (form.errors.confirmation as string | undefined);
  return (
    <Stack gap="sm">
      <PasswordInput
        label={t("password.new")}
        autoComplete="new-password"
        {...form.getInputProps("password")}
        description={passwordError ? undefined : t("validation:password_rule")}
        error={passwordError}
      />
      <PasswordInput
        label={t("password.confirmation")}
        autoComplete="new-password"
        {...form.getInputProps("confirmation")}
        error={confirmationError}
      />
    </Stack>
  );
}
