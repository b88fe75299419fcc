import { Button, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PublicFormJson } from "@/queries/publicForms.ts";
import { GuestPanel } from "../GuestPanel.tsx";
import { useGuestSite } from "../guestSiteContext.ts";
import type { Registered } from "./RegistrationScreen.tsx";

/**
 * Once the form is sent: what became of the registration, the organizer's confirmation message (or ours),
 * and the way to the guest area. The title takes the focus, so that a screen reader says it.
 */
export function RegistrationDone({ form, registered }: { form: PublicFormJson; registered: Registered }) {
  const { t } = useTranslation("web");
  const { paths, language } = useGuestSite();
  const heading = useRef<HTMLHeadingElement>(null);
  const { status } = registered.result;
  const outcome = status === "pending_approval" || status === "refused" ? status : "confirmed";
  const who = { firstName: registered.firstName, email: registered.email };
  // The full answers the guest waits for, by their labels ("Morning (Workshop)").
  const waited = (registered.result.waitingList ?? []).flatMap(({ fieldId, optionId }) => {
    const field = form.fields.find((candidate) => candidate.id === fieldId);
    const option = field?.options.find((candidate) => candidate.id === optionId);
    return field && option ? [`${option.label} (${field.label})`] : [];
  });
  const ourText = {
    confirmed: t("public.done.confirmedText", who),
    pending_approval: t("public.done.pendingText", who),
    refused: t("public.done.refusedText", who),
  }[outcome];

  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, []);

  return (
    <GuestPanel>
      <Stack gap="md" align="center" ta="center" data-testid="registration-done">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal" aria-hidden="true">
          <svg width="30" height="30" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2}>
            <path d="M5 12l5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </ThemeIcon>
        <Text fw={600} c="indigo.9" size="sm" tt="uppercase" style={{ letterSpacing: "0.04em" }}>
          {form.event.name}
        </Text>
        <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: "none" }}>
          {t(`public.done.${outcome}`)}
        </Title>
        <Text style={{ whiteSpace: "pre-line" }}>{form.confirmationMessage?.trim() || ourText}</Text>
        {form.confirmationMessage?.trim() && outcome !== "refused" && (
          <Text size="sm" c="dimmed">
            {ourText}
          </Text>
        )}
        {waited.length > 0 && (
          <Text fw={500} maw={480} data-testid="waiting-list-done">
            {t("public.done.waitingList", {
              answers: new Intl.ListFormat(language, { type: "conjunction" }).format(waited),
            })}
          </Text>
        )}
        <Text size="sm" maw={480}>
          {t("public.done.portalText")}
        </Text>
        <Button component={Link} to={paths.portal} state={{ email: registered.email }}>
          {t("public.done.portalLink")}
        </Button>
      </Stack>
    </GuestPanel>
  );
}
