import { isApiError } from "@tessera/shared/client";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { PageLoader } from "@/components/PageLoader.tsx";
import { usePublicForm, type SendFormResult } from "@/queries/publicForms.ts";
import { GuestMessage, RetryButton } from "../GuestMessage.tsx";
import { useGuestSite } from "../guestSiteContext.ts";
import { FormHeader } from "./FormHeader.tsx";
import { RegistrationDone } from "./RegistrationDone.tsx";
import { RegistrationForm } from "./RegistrationForm.tsx";

/** Who registered, as the confirmation tells them. */
export interface Registered {
  result: SendFormResult;
  firstName: string;
  email: string;
}

/**
 * /{lang}/{event}/forms/view/{id}: an event's online registration form, anonymous. Loading, a form that is
 * not there (a draft, a wrong address), a closed form, the form, and once sent, the confirmation.
 */
export function RegistrationScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { eventSlug, language } = useGuestSite();
  const formId = useParams().id ?? "";
  const query = usePublicForm(eventSlug, formId, language);
  const [registered, setRegistered] = useState<Registered | null>(null);

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return <GuestMessage title={t("public.form.notFoundTitle")}>{t("public.form.notFoundText")}</GuestMessage>;
    }
    return (
      <GuestMessage
        title={t("public.loadFailed")}
        action={<RetryButton label={t("common.retry")} onRetry={() => void query.refetch()} />}
      >
        {errorMessage(query.error, t)}
      </GuestMessage>
    );
  }
  const form = query.data;
  if (registered) return <RegistrationDone form={form} registered={registered} />;
  return (
    <>
      <FormHeader form={form} />
      {form.isOpen ? (
        <RegistrationForm form={form} onRegistered={setRegistered} />
      ) : (
        <GuestMessage title={t("public.form.closedTitle")} headingOrder={2}>
          {t("public.form.closedText")}
        </GuestMessage>
      )}
    </>
  );
}
