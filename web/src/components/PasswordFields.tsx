import { PasswordInput, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { passwordProblem, type PasswordProblem } from "@tessera/shared/rules/password";

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

interface PasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  /** A server-side message for the password (422 details), shown when the live rule has nothing to say. */
  serverError?: string | undefined;
}

/** A new password and its confirmation, checked live against the password rule of spec §5. */
export function PasswordFields(props: PasswordFieldsProps) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const problems = livePasswordProblems(props.password, props.confirmation);
  const passwordError = problems.password ? t(`validation:${problems.password}`) : props.serverError;
  return (
    <Stack gap="sm">
      <PasswordInput
        label={t("password.new")}
        autoComplete="new-password"
        value={props.password}
        onChange={(event) => props.onPasswordChange(event.currentTarget.value)}
        description={passwordError ? undefined : t("validation:password_rule")}
        error={passwordError}
      />
      <PasswordInput
        label={t("password.confirmation")}
        autoComplete="new-password"
        value={props.confirmation}
        onChange={(event) => props.onConfirmationChange(event.currentTarget.value)}
        error={problems.confirmation ? t(`validation:${problems.confirmation}`) : undefined}
      />
    </Stack>
  );
}
