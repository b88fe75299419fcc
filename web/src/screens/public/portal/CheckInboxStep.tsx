import { Button, Divider, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isApiError } from "@tessera/shared/client";
import { errorMessage } from "@/app/errorMessage.ts";
import { useFormFailure } from "@/app/useFormFailure.ts";
import { usePortalSignIn } from "@/queries/portal.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { GuestPanel } from "../GuestPanel.tsx";
import { useGuestSite } from "../guestSiteContext.ts";
import { CODE_PATTERN, normalizeCode } from "./portalToken.ts";

/**
 * The link is on its way: say so (whether the email is a guest's or not, as the API does), and take the
 * email's 6-digit code for a guest reading it on another device.
 */
export function CheckInboxStep({ email, onOtherEmail }: { email: string; onOtherEmail: () => void }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { eventSlug, paths } = useGuestSite();
  const navigate = useNavigate();
  const signIn = usePortalSignIn(eventSlug);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useForm({
    initialValues: { code: "" },
    validate: {
      code: (value) => {
        const code = normalizeCode(value);
        if (!code) return t("validation:required");
        return CODE_PATTERN.test(code) ? null : t("public.portal.codeFormat");
      },
    },
  });
  const [failure, setFailure] = useFormFailure(form);

  useEffect(() => heading.current?.focus(), []);

  function submit({ code }: typeof form.values) {
    setFailure(null);
    signIn.mutateAsync({ email, code: normalizeCode(code) }).then(
      () => navigate(paths.me, { replace: true }),
      (error: unknown) => {
        // A wrong or spent code belongs to the field; too many attempts (and the wait) above it.
        if (isApiError(error) && error.status === 400) form.setFieldError("code", error.message);
        else setFailure(errorMessage(error, t));
      },
    );
  }

  return (
    <GuestPanel>
      <Stack gap="md">
        <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: "none" }}>
          {t("public.portal.sentTitle")}
        </Title>
        <Text data-testid="portal-sent">{t("public.portal.sentText", { email })}</Text>
        <Divider />
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="md">
            <Text size="sm">{t("public.portal.codeIntro")}</Text>
            <FailureAlert message={failure} />
            <TextInput
              label={t("public.portal.code")}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={9}
              w={{ base: "100%", xs: 220 }}
              {...form.getInputProps("code")}
            />
            <Group gap="sm">
              <Button type="submit" loading={signIn.isPending || signIn.isSuccess}>
                {t("public.portal.signIn")}
              </Button>
              <Button variant="subtle" onClick={onOtherEmail}>
                {t("public.portal.otherEmail")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </GuestPanel>
  );
}
