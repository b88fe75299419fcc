import { Box, Input, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "@tessera/shared/i18n/languages";
import type { BuyerOrderJson } from "@/queries/ticketOffice.ts";
import { FORM_PATH_ATTRIBUTE } from "../registration/focusFirstError.ts";
import { loadStripeJs, type StripeCardElement, type StripeInstance } from "./stripeJs.ts";

/** What paying by card needs from the card field once it is shown. */
export interface CardHandle {
  stripe: StripeInstance;
  card: StripeCardElement;
  isComplete: () => boolean;
}

/**
 * The card's number, expiry and security code: Stripe's card element (a frame of Stripe's origin: the card never
 * reaches Tessera) in the page's language, under a label, its problems said below it. `onReady` hands what
 * paying needs; the focus goes into the frame when the field is focused for a problem.
 */
export function CardField({
  setup,
  language,
  error,
  onReady,
  onProblem,
}: {
  setup: NonNullable<BuyerOrderJson["card"]>;
  language: Language;
  error?: string;
  onReady: (handle: CardHandle | null) => void;
  onProblem: (message: string | null) => void;
}) {
  const { t } = useTranslation("web");
  const labelId = useId();
  const errorId = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const callbacks = useRef({ onReady, onProblem });
  callbacks.current = { onReady, onProblem };

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let cancelled = false;
    const complete = { value: false };
    loadStripeJs(setup.stripeJsUrl).then(
      (Stripe) => {
        if (cancelled || !mountRef.current) return;
        const stripe = Stripe(setup.publishableKey, { locale: language });
        card = stripe.elements({ locale: language }).create("card");
        card.on("change", (event) => {
          complete.value = event.complete;
          callbacks.current.onProblem(event.error?.message ?? null);
        });
        card.on("ready", () => setState("ready"));
        card.mount(mountRef.current);
        const mounted = card;
        callbacks.current.onReady({ stripe, card: mounted, isComplete: () => complete.value });
      },
      () => {
        if (!cancelled) setState("failed");
      },
    );
    return () => {
      cancelled = true;
      card?.destroy();
      callbacks.current.onReady(null);
    };
  }, [setup.stripeJsUrl, setup.publishableKey, language]);

  return (
    <Stack gap={4}>
      <Input.Label id={labelId} required>
        {t("public.pay.card")}
      </Input.Label>
      <Box
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        tabIndex={-1}
        {...{ [FORM_PATH_ATTRIBUTE]: "card" }}
        data-testid="card-element"
        style={{ minHeight: 40, outline: "none" }}
      >
        {state === "loading" && <Loader size="sm" aria-label={t("public.pay.cardLoading")} />}
        {/* Stripe's frame goes in here, a node React leaves alone. */}
        <div ref={mountRef} />
      </Box>
      {state === "failed" && (
        <Text size="sm" c="red.8" role="alert">
          {t("public.pay.cardFailed")}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red.8" id={errorId}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
