import { Button, Group, Stack, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useUpdatePortalRegistration, type PortalRegistrationJson } from "@/queries/portal.ts";
import type { PublicFormJson, SendFormBody } from "@/queries/publicForms.ts";
import { useGuestSite } from "../guestSiteContext.ts";
import { RegistrationForm, type RegistrationChange } from "../registration/RegistrationForm.tsx";
import { registrationValuesOf } from "./memberValues.ts";

/**
 * The registration form prefilled with the guest's answers (their email kept), saved through the portal:
 * the same questions, rules and refusals as registering. Its title takes the focus when it opens.
 */
export function EditRegistration({
  form,
  registration,
  email,
  onDone,
}: {
  form: PublicFormJson;
  registration: PortalRegistrationJson;
  email: string;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation("web");
  const { eventSlug } = useGuestSite();
  const update = useUpdatePortalRegistration(eventSlug);
  const heading = useRef<HTMLHeadingElement>(null);
  // The answers as they were when the form opened: what is read again meanwhile does not reset the guest's typing.
  const [values] = useState(() => registrationValuesOf(form, registration, email));

  useEffect(() => heading.current?.focus(), []);

  const change: RegistrationChange = {
    values,
    send: { mutateAsync: (body: SendFormBody) => update.mutateAsync(body.items), isPending: update.isPending },
    submitLabel: t("public.me.save"),
  };
  return (
    <Stack gap="md" data-testid="edit-registration">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: "none" }}>
          {t("public.me.editTitle")}
        </Title>
        <Button variant="default" onClick={() => onDone(false)}>
          {t("public.me.cancel")}
        </Button>
      </Group>
      <RegistrationForm form={form} onRegistered={() => onDone(true)} change={change} />
    </Stack>
  );
}
