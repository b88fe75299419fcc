import { Anchor, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { isApiError, type ApiError } from "@tessera/shared/client";
import { passwordProblem } from "@tessera/shared/rules/password";
import { api } from "@/api.ts";
import { errorMessage } from "@/app/errorMessage.ts";
import { PageLoader } from "@/components/PageLoader.tsx";
import { PasswordFields } from "@/components/PasswordFields.tsx";
import { InvalidLink } from "./InvalidLink.tsx";
import { useSignIn } from "./signInContext.ts";

interface Invitation {
  email: string;
  firstName: string;
  lastName: string;
}

/** Completes an invitation, reached from the emailed link `/{lang}/admin/register-admin?token=…`. */
export function RegisterAdminScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const token = useSearchParams()[0].get("token");
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    let isCurrent = true;
    api.auth.invitation(token).then(
      (found) => isCurrent && setInvitation(found),
      (error: unknown) => isCurrent && setFailure(errorMessage(error, t)),
    );
    return () => {
      isCurrent = false;
    };
  }, [token, t]);

  if (!token) return <InvalidLink kind="invitation" />;
  if (failure) return <InvalidLink kind="invitation" message={failure} />;
  if (!invitation) return <PageLoader />;
  return <RegisterAdminForm token={token} invitation={invitation} />;
}

function RegisterAdminForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { paths, showAlert, clearAlert } = useSignIn();
  const navigate = useNavigate();
  const [firstName, setFirstName] = useState(invitation.firstName);
  const [lastName, setLastName] = useState(invitation.lastName);
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [apiError, setApiError] = useState<ApiError | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  async function register(event: FormEvent) {
    event.preventDefault();
    if (!firstName.trim() || !lastName.trim() || !password || !confirmation) {
      return showAlert(t("errors:incomplete_fields"));
    }
    if (passwordProblem(password, confirmation)) return;
    clearAlert();
    setSubmitting(true);
    try {
      await api.auth.registerAdmin({
        token,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        password,
        confirmation,
      });
      navigate(paths.registerSuccess);
    } catch (error) {
      setSubmitting(false);
      setApiError(isApiError(error) ? error : null);
      showAlert(errorMessage(error, t));
    }
  }

  return (
    <form onSubmit={register} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {t("registerAdmin.title")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("registerAdmin.subtitle")}
          </Text>
        </div>
        <TextInput label={t("fields.email")} value={invitation.email} readOnly variant="filled" />
        <Group grow align="flex-start">
          <TextInput
            label={t("fields.firstName")}
            autoComplete="given-name"
            value={firstName}
            onChange={(e) => setFirstName(e.currentTarget.value)}
            error={apiError?.messageFor("firstName")}
          />
          <TextInput
            label={t("fields.lastName")}
            autoComplete="family-name"
            value={lastName}
            onChange={(e) => setLastName(e.currentTarget.value)}
            error={apiError?.messageFor("lastName")}
          />
        </Group>
        <PasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          serverError={apiError?.messageFor("password")}
        />
        <Group justify="space-between" align="center">
          <Anchor component={Link} to={paths.signIn} size="sm">
            {t("common.backToSignIn")}
          </Anchor>
          <Button type="submit" loading={isSubmitting}>
            {t("registerAdmin.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
