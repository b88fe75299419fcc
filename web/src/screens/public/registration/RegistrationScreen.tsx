import { isApiError } from "@tessera/shared/client";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
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
  const { eventSlug, language, paths } = useGuestSite();
  const formId = useParams().id ?? "";
  const query = usePublicForm(eventSlug, formId, language);
  const [registered, setRegistered] = useState<Registered | null>(null);
  const navigate = useNavigate();

  // Tickets to pay: on to the order's payment step (a cart costing nothing was completed with the registration).
  function onRegistered(done: Registered) {
    const order = done.result.order;
    if (order && order.status === "in_cart") void navigate(paths.order(order.id, order.secret));
    else setRegistered(done);
  }

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
        <RegistrationForm form={form} onRegistered={onRegistered} />
      ) : (
        <GuestMessage title={t("public.form.closedTitle")} headingOrder={2}>
          {t("public.form.closedText")}
        </GuestMessage>
      )}
    </>
  );
}
