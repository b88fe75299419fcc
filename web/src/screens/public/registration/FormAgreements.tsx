import { Anchor, Checkbox, Stack } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { publicFormTermsUrl, type PublicFormJson } from "@/queries/publicForms.ts";
import { useGuestSite } from "../guestSiteContext.ts";
import { formFieldProps } from "./focusFirstError.ts";
import { fileSizeText, type RegistrationValues } from "./registrationValues.ts";

/**
 * What the guest agrees to below the questions: appearing on the attendees list (when the form publishes
 * one; optional) and the form's terms (when it has them: read in a new tab, to be accepted).
 */
export function FormAgreements({
  form,
  values,
}: {
  form: PublicFormJson;
  values: UseFormReturnType<RegistrationValues>;
}) {
  const { t } = useTranslation("web");
  const { eventSlug, language } = useGuestSite();
  if (!form.publishAttendees && !form.terms) return null;
  return (
    <Stack gap="md">
      {form.publishAttendees && (
        <Checkbox
          label={t("public.form.listedConsent")}
          {...formFieldProps(values, "listedConsent", { type: "checkbox" })}
        />
      )}
      {form.terms && (
        <Stack gap="xs">
          <Anchor href={publicFormTermsUrl(eventSlug, form.id)} target="_blank" rel="noopener" size="sm">
            {t("public.form.termsLink", { size: fileSizeText(form.terms.size, language) })}
          </Anchor>
          <Checkbox
            label={t("public.form.acceptTerms")}
            required
            {...formFieldProps(values, "acceptsTerms", { type: "checkbox" })}
          />
        </Stack>
      )}
    </Stack>
  );
}
