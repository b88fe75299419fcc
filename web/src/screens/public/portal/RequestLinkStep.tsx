import { Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { EMAIL_MAX } from "@tessera/shared/schemas/common";
import { errorMessage } from "@/app/errorMessage.ts";
import { emailRule, showApiErrors } from "@/app/formRules.ts";
import { useFormFailure } from "@/app/useFormFailure.ts";
import { useRequestPortalLink } from "@/queries/portal.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { GuestPanel } from "../GuestPanel.tsx";
import { useGuestSite } from "../guestSiteContext.ts";

/** The portal's first step: the email to send a sign-in link to (prefilled after a registration). */
export function RequestLinkStep({
  initialEmail,
  onSent,
}: {
  initialEmail: string | null;
  onSent: (email: string) => void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { eventSlug } = useGuestSite();
  const registeredEmail = (useLocation().state as { email?: unknown } | null)?.email;
  const requestLink = useRequestPortalLink(eventSlug);
  const form = useForm({
    initialValues: { email: initialEmail ?? (typeof registeredEmail === "string" ? registeredEmail : "") },
    validate: { email: emailRule(t) },
  });
  const [failure, setFailure] = useFormFailure(form);

  function submit({ email }: typeof form.values) {
    setFailure(null);
    const address = email.trim();
    requestLink.mutateAsync(address).then(
      () => onSent(address),
      (error: unknown) => setFailure(showApiErrors(form, error, errorMessage(error, t))),
    );
  }

  return (
    <GuestPanel>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Title order={1} size="h2">
            {t("public.portal.title")}
          </Title>
          <Text>{t("public.portal.intro")}</Text>
          <FailureAlert message={failure} />
          <TextInput
            label={t("fields.email")}
            type="email"
            required
            autoComplete="email"
            maxLength={EMAIL_MAX}
            {...form.getInputProps("email")}
          />
          <Button
            type="submit"
            loading={requestLink.isPending}
            w={{ base: "100%", sm: "auto" }}
            style={{ alignSelf: "flex-start" }}
          >
            {t("public.portal.send")}
          </Button>
        </Stack>
      </form>
    </GuestPanel>
  );
}
