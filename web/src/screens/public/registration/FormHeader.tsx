import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/app/formatDate.ts";
import type { PublicFormJson } from "@/queries/publicForms.ts";
import { useGuestSite } from "../guestSiteContext.ts";
import { eventDatesText } from "./registrationValues.ts";

/** The event (its name and dates) and the form's title, above the form. */
export function FormHeader({ form }: { form: PublicFormJson }) {
  const { t } = useTranslation("web");
  const { language } = useGuestSite();
  const dates = eventDatesText(form.event, language);
  return (
    <Stack gap={4} component="header">
      <Text fw={600} c="indigo.9" size="sm" tt="uppercase" style={{ letterSpacing: "0.04em" }}>
        {form.event.name}
      </Text>
      <Title order={1} style={{ overflowWrap: "anywhere" }}>
        {form.title}
      </Title>
      {dates && <Text c="dimmed">{dates}</Text>}
      {form.isOpen && form.closesAt && (
        <Text size="sm" c="dimmed">
          {t("public.form.closesAt", { date: formatDateTime(form.closesAt, language, form.event.timezone) })}
        </Text>
      )}
    </Stack>
  );
}
