import { Button, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useSendForm, type PublicFormJson, type SendFormBody, type SendFormResult } from "@/queries/publicForms.ts";
import { useTicketOffice } from "@/queries/ticketOffice.ts";
import { GuestPanel } from "../GuestPanel.tsx";
import { useGuestSite } from "../guestSiteContext.ts";
import { FormAgreements } from "./FormAgreements.tsx";
import { FormItems } from "./FormItems.tsx";
import { GuestIdentityFields } from "./GuestIdentityFields.tsx";
import { useFormProblems } from "../useFormProblems.tsx";
import type { Registered } from "./RegistrationScreen.tsx";
import { cartRequest, EMPTY_CART, hasOptionAlone, type CartChoice } from "./cartValues.ts";
import { TICKETS_PATH, TicketChooser } from "./TicketChooser.tsx";
import {
  checkRegistration,
  formPathOf,
  initialValues,
  itemsOf,
  shownQuestions,
  type RegistrationValues,
} from "./registrationValues.ts";

/** Says, politely, that questions appeared or went as the answers changed (screen readers do not see it). */
function useShownQuestionsAnnouncement(shownCount: number): string {
  const { t } = useTranslation("web");
  const [seen, setSeen] = useState({ count: shownCount, message: "" });
  if (seen.count !== shownCount) {
    const message = t(shownCount > seen.count ? "public.form.questionsAdded" : "public.form.questionsRemoved");
    setSeen({ count: shownCount, message });
  }
  return seen.message;
}

/** A registration already made, changed (the guest portal): the answers given, the email kept, its own sending. */
export interface RegistrationChange {
  values: RegistrationValues;
  send: { mutateAsync: (body: SendFormBody) => Promise<SendFormResult>; isPending: boolean };
  submitLabel: string;
}

/**
 * The registration form: the guest's names and email, then the form's items. Checked with the shared rules
 * before sending; the server's refusals go to their fields (422) or above the form (409). Each time problems
 * are shown, they are announced and the focus goes to the first one.
 */
export function RegistrationForm({
  form,
  onRegistered,
  change,
}: {
  form: PublicFormJson;
  onRegistered: (registered: Registered) => void;
  change?: RegistrationChange;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { eventSlug, language } = useGuestSite();
  const prefilledEmail = (useLocation().state as { email?: unknown } | null)?.email;
  const sendForm = useSendForm(eventSlug, form.id, language);
  const send = change?.send ?? sendForm;
  const values = useForm<RegistrationValues>({
    initialValues: change?.values ?? initialValues(form, typeof prefilledEmail === "string" ? prefilledEmail : ""),
  });
  const { formRef, alert, showChecked, showRefusal, clear } = useFormProblems(values);
  const fields = useMemo(() => new Map(form.fields.map((field) => [field.id, field])), [form.fields]);
  const answers = values.getValues().answers;
  const announcement = useShownQuestionsAnnouncement(shownQuestions(form, answers).size);
  // A new registration buys its tickets with it when the event's ticket office is open (not a change of answers).
  const office = useTicketOffice(eventSlug, form.type === "registration" && change === undefined);
  const [cart, setCart] = useState<CartChoice>(EMPTY_CART);
  const sells = office.data?.open === true && office.data.tickets.length > 0;
  const showsTickets = sells && values.getValues().participation !== "no";

  function submit(current: RegistrationValues) {
    const checked = checkRegistration(form, current);
    const optionAlone = showsTickets && hasOptionAlone(office.data!, cart);
    if (!checked.ok || optionAlone) {
      return showChecked({
        ...(checked.ok ? {} : checked.problems),
        ...(optionAlone ? { [TICKETS_PATH]: { code: "option_needs_ticket" } } : {}),
      });
    }
    clear();
    const order = showsTickets ? cartRequest(office.data!, cart) : null;
    const body = order && order.items.length > 0 ? { ...checked.body, order } : checked.body;
    send.mutateAsync(body).then(
      (result) => onRegistered({ result, firstName: body.items.firstName, email: body.mail }),
      (error: unknown) =>
        showRefusal(error, (field) =>
          field === "order" || field.startsWith("order.") ? null : formPathOf(field, form),
        ),
    );
  }

  return (
    <GuestPanel>
      <form ref={formRef} onSubmit={values.onSubmit(submit)} noValidate>
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {t("public.form.requiredNote")}
          </Text>
          {alert}
          <Stack gap="md">
            <Title order={2} size="h3">
              {t("public.form.yourDetails")}
            </Title>
            <GuestIdentityFields form={values} isEmailReadOnly={change !== undefined} />
          </Stack>
          <FormItems
            items={itemsOf(form)}
            fields={fields}
            form={values}
            uploadFormId={form.type === "registration" ? form.id : undefined}
            isChange={change !== undefined}
          />
          {showsTickets && (
            <TicketChooser
              office={office.data!}
              choice={cart}
              onChange={setCart}
              error={values.errors[TICKETS_PATH] as string | undefined}
            />
          )}
          <FormAgreements form={form} values={values} />
          <VisuallyHidden aria-live="polite" data-testid="questions-announcement">
            {announcement}
          </VisuallyHidden>
          <Button
            type="submit"
            size="md"
            loading={send.isPending}
            w={{ base: "100%", sm: "auto" }}
            style={{ alignSelf: "flex-start" }}
          >
            {change?.submitLabel ?? t("public.form.submit")}
          </Button>
        </Stack>
      </form>
    </GuestPanel>
  );
}
