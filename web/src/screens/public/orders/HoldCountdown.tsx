import { Alert, Text, VisuallyHidden } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { holdLeft } from "./paymentValues.ts";

/** The moments a screen reader is told how long is left (seconds): not every second, which would drown it. */
const SPOKEN_AT = new Set([300, 120, 60, 30]);

/**
 * How long the cart keeps its places: minutes and seconds, counted down each second. Said to screen readers at
 * five, two and one minute(s) and thirty seconds; `onExpired` once it runs out.
 */
export function HoldCountdown({ holdExpiresAt, onExpired }: { holdExpiresAt: string; onExpired: () => void }) {
  const { t } = useTranslation("web");
  const [now, setNow] = useState(() => new Date());
  const left = holdLeft(holdExpiresAt, now);
  const [spoken, setSpoken] = useState("");

  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (left.seconds === 0) onExpired();
    else if (SPOKEN_AT.has(left.seconds)) setSpoken(t("public.pay.holdSpoken", { time: left.text }));
  }, [left.seconds, left.text, onExpired, t]);

  return (
    <Alert color={left.seconds <= 120 ? "orange" : "indigo"} variant="light" data-testid="hold-countdown">
      <Text size="sm">{t("public.pay.hold", { time: left.text })}</Text>
      <VisuallyHidden role="status">{spoken}</VisuallyHidden>
    </Alert>
  );
}
