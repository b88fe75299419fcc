import {
  Button,
  Checkbox,
  Paper,
  Radio,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { isApiError } from "@tessera/shared/client";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "@/app/formatMoney.ts";
import { usePayOrder, type BuyerOrderJson, type BuyerPayAnswer } from "@/queries/ticketOffice.ts";
import { useGuestSite } from "../guestSiteContext.ts";
import { formFieldProps } from "../registration/focusFirstError.ts";
import { useFormProblems } from "../useFormProblems.tsx";
import { CardField, type CardHandle } from "./CardField.tsx";
import {
  initialPaymentValues,
  payableMethods,
  payBody,
  paymentPathOf,
  paymentProblems,
  type PaymentValues,
} from "./paymentValues.ts";

/** Where paying stands, said in the live region (and on the button). */
type Step = "idle" | "card" | "paying" | "authenticating";

/**
 * The payment step's form: billing (individual or company with its SIRET), the terms to read and accept, the way
 * to pay among the office's, and for a card Stripe's card element. Card: Stripe.js makes a PaymentMethod, the API
 * pays with it; a 3-D Secure step runs in Stripe.js (handleNextAction), then the API settles the intent. Problems
 * go to their fields (the focus on the first), a declined card above the form with the way to try again.
 */
export function PaymentForm({ order, secret }: { order: BuyerOrderJson; secret: string }) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { eventSlug, language } = useGuestSite();
  const pay = usePayOrder(eventSlug, order.id, secret);
  const values = useForm<PaymentValues>({ initialValues: initialPaymentValues(order) });
  const { formRef, alert, show, showRefusal, clear } = useFormProblems(values);
  const card = useRef<CardHandle | null>(null);
  const [cardProblem, setCardProblem] = useState<string | null>(null);
  const [step, setStep] = useState<Step>("idle");
  const termsId = useId();
  const methods = payableMethods(order);
  const current = values.getValues();
  const total = formatMoney(order.totalInclTaxCents, order.currency, language);

  const cardError = (values.errors.card as string | undefined) ?? cardProblem ?? undefined;

  /** A card refused by Stripe.js or the bank: said above the form and at the card, which takes the focus. */
  function showCardRefusal(message: string) {
    show({ card: message }, t("public.pay.declined", { message }));
    card.current?.card.focus();
  }

  async function payByCard(current: PaymentValues): Promise<BuyerPayAnswer | null> {
    const handle = card.current;
    if (!handle) {
      show({ card: t("public.pay.cardFailed") }, t("public.pay.cardFailed"));
      return null;
    }
    setStep("card");
    const made = await handle.stripe.createPaymentMethod({
      type: "card",
      card: handle.card,
      billing_details: {
        name: current.name.trim(),
        address: { line1: current.address.trim(), postal_code: current.zip.trim(), city: current.city.trim() },
      },
    });
    if (!made.paymentMethod) {
      const message = made.error?.message ?? t("public.pay.cardFailed");
      show({ card: message }, t("public.form.fixErrors", { count: 1 }));
      handle.card.focus();
      return null;
    }
    setStep("paying");
    const answer = await pay.mutateAsync(payBody(current, { paymentMethodId: made.paymentMethod.id }));
    if (answer.status !== "requires_action" || !answer.clientSecret) return answer;
    setStep("authenticating");
    const next = await handle.stripe.handleNextAction({ clientSecret: answer.clientSecret });
    if (!next.paymentIntent) {
      showCardRefusal(next.error?.message ?? t("public.pay.authenticationFailed"));
      return null;
    }
    setStep("paying");
    return pay.mutateAsync(payBody(current, { paymentIntentId: next.paymentIntent.id }));
  }

  async function submit(current: PaymentValues) {
    const problems = paymentProblems(current, order.terms !== null);
    const cardIncomplete = current.method === "card" && card.current !== null && !card.current.isComplete();
    if (Object.keys(problems).length || cardIncomplete) {
      const errors = Object.fromEntries(
        Object.entries(problems).map(([path, problem]) => [
          path,
          t(`validation:${problem.code}` as "validation:required"),
        ]),
      );
      if (cardIncomplete) errors.card = cardProblem ?? t("public.pay.cardIncomplete");
      show(errors, t("public.form.fixErrors", { count: Object.keys(errors).length }));
      // The first problem being the card's, the focus goes into Stripe's frame.
      if (!Object.keys(problems).some((path) => path !== "termsAccepted") && cardIncomplete) card.current?.card.focus();
      return;
    }
    clear();
    try {
      if (current.method === "card") await payByCard(current);
      else {
        setStep("paying");
        await pay.mutateAsync(payBody(current));
      }
      // The order's new status (kept by the query layer) shows its outcome in place of the form.
    } catch (error) {
      if (isApiError(error) && error.status === 402) showCardRefusal(error.message);
      else showRefusal(error, paymentPathOf);
    } finally {
      setStep("idle");
    }
  }

  const busy = step !== "idle";
  const status = {
    idle: "",
    card: t("public.pay.checkingCard"),
    paying: t("public.pay.paying"),
    authenticating: t("public.pay.authenticating"),
  }[step];

  return (
    <form ref={formRef} onSubmit={values.onSubmit((current) => void submit(current))} noValidate>
      <Stack gap="lg">
        {alert}
        <Stack gap="sm" component="fieldset" style={fieldsetReset}>
          <Title order={2} size="h3" component="legend" mb="xs">
            {t("public.pay.billing")}
          </Title>
          <SegmentedControl
            fullWidth
            aria-label={t("public.pay.buyerKind")}
            data={[
              { value: "individual", label: t("public.pay.individual") },
              { value: "company", label: t("public.pay.company") },
            ]}
            value={current.isCompany ? "company" : "individual"}
            onChange={(kind) => values.setFieldValue("isCompany", kind === "company")}
          />
          <TextInput
            label={current.isCompany ? t("public.pay.companyName") : t("public.pay.fullName")}
            required
            autoComplete={current.isCompany ? "organization" : "name"}
            maxLength={200}
            {...formFieldProps(values, "name")}
          />
          {current.isCompany && (
            <TextInput
              label={t("public.pay.siret")}
              description={t("public.pay.siretHint")}
              required
              inputMode="numeric"
              maxLength={20}
              {...formFieldProps(values, "siret")}
            />
          )}
          <TextInput
            label={t("public.pay.address")}
            required
            autoComplete="street-address"
            maxLength={300}
            {...formFieldProps(values, "address")}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t("public.pay.zip")}
              required
              autoComplete="postal-code"
              maxLength={20}
              {...formFieldProps(values, "zip")}
            />
            <TextInput
              label={t("public.pay.city")}
              required
              autoComplete="address-level2"
              maxLength={100}
              {...formFieldProps(values, "city")}
            />
          </SimpleGrid>
        </Stack>

        <Radio.Group label={t("public.pay.method")} required {...formFieldProps(values, "method")}>
          <Stack gap="xs" mt="xs">
            {methods.map((method) => (
              <Paper key={method} withBorder radius="md" p="sm">
                <Radio
                  value={method}
                  label={t(`public.pay.methods.${method}`)}
                  description={t(`public.pay.methodNotes.${method}`)}
                />
              </Paper>
            ))}
          </Stack>
        </Radio.Group>

        {current.method === "card" && order.card && (
          <Stack gap="xs">
            {order.mode === "test" && (
              <Text size="xs" c="dimmed">
                {t("public.pay.testMode")}
              </Text>
            )}
            <CardField
              setup={order.card}
              language={language}
              error={cardError}
              onReady={(handle) => (card.current = handle)}
              onProblem={(message) => {
                setCardProblem(message);
                if (values.errors.card) values.clearFieldError("card");
              }}
            />
          </Stack>
        )}

        {order.terms !== null && (
          <Stack gap="xs">
            <Text fw={500} size="sm" id={termsId}>
              {t("public.pay.terms")}
            </Text>
            <Paper withBorder radius="sm">
              <ScrollArea.Autosize mah={180} type="auto">
                <Text
                  size="sm"
                  p="sm"
                  style={{ whiteSpace: "pre-line" }}
                  tabIndex={0}
                  role="region"
                  aria-labelledby={termsId}
                  data-testid="order-terms"
                >
                  {order.terms}
                </Text>
              </ScrollArea.Autosize>
            </Paper>
            <Checkbox
              label={t("public.pay.acceptTerms")}
              required
              {...formFieldProps(values, "termsAccepted", { type: "checkbox" })}
            />
          </Stack>
        )}

        <VisuallyHidden role="status">{status}</VisuallyHidden>
        <Button type="submit" size="md" loading={busy} fullWidth>
          {current.method === "card" || !current.method
            ? t("public.pay.payButton", { total })
            : t("public.pay.placeButton")}
        </Button>
        {busy && (
          <Text size="sm" c="dimmed" ta="center" aria-hidden="true">
            {status}
          </Text>
        )}
      </Stack>
    </form>
  );
}

const fieldsetReset = { border: 0, padding: 0, margin: 0, minWidth: 0 };
