import { Button, Group, Paper, Stack, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import type { Language } from "@tessera/shared/i18n/languages";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ScanAnswer } from "@/queries/checkins.ts";
import { guestName } from "@/screens/desk/fieldValues.ts";
import { beep, toneOf } from "@/screens/desk/scanFeedback.ts";
import { answerHeadline } from "@/screens/desk/ScanResultCard.tsx";
import { scannedText } from "@/screens/desk/scannedText.ts";
import { deskApi, type DeskSessionView } from "../deskApi.ts";
import { failureText } from "../shared/failureText.ts";
import { PinDialog } from "../shared/PinDialog.tsx";
import { KioskLanguages } from "./KioskLanguages.tsx";
import { KioskNameForm } from "./KioskNameForm.tsx";

/** After an answer, the kiosk welcomes the next guest by itself after this long. */
export const KIOSK_RESET_MS = 8_000;

type Step =
  | { kind: "welcome" }
  | { kind: "byName" }
  | { kind: "answer"; answer: ScanAnswer; print: "none" | "printing" | "printed" | "failed" }
  | { kind: "failed"; message: string };

/**
 * Kiosk mode: guests check themselves in, by their code or their exact full name, and their badge prints.
 * It shows no one's data but the guest's own, and only the supervisor's PIN leaves it.
 */
export function KioskScreen({
  session,
  onLeave,
  language,
  onLanguage,
}: {
  session: DeskSessionView;
  onLeave(): void;
  language: Language;
  onLanguage(language: Language): void;
}) {
  const { t, i18n } = useTranslation("web");
  const [step, setStep] = useState<Step>({ kind: "welcome" });
  const [typed, setTyped] = useState("");
  const [isLeaving, setLeaving] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const scanner = useRef<HTMLInputElement>(null);
  const api = deskApi();

  useEffect(() => {
    void api["app.setKiosk"]?.(true).catch(() => undefined);
  }, [api]);

  const refocus = useCallback(() => {
    if (document.querySelector('[role="dialog"]')) return;
    const active = document.activeElement;
    if (active instanceof HTMLInputElement && active !== scanner.current && active.dataset.keepsFocus) return;
    scanner.current?.focus();
  }, []);

  // The scanner's input keeps the focus at the welcome screen, whatever was clicked.
  useEffect(() => {
    if (step.kind !== "welcome") return;
    const onFocusOut = () =>
      setTimeout(() => {
        if (!document.activeElement || document.activeElement === document.body) refocus();
      }, 0);
    document.addEventListener("focusout", onFocusOut);
    refocus();
    return () => document.removeEventListener("focusout", onFocusOut);
  }, [step.kind, refocus]);

  // An answer stays a few seconds, then the kiosk is ready for the next guest.
  useEffect(() => {
    if (step.kind !== "answer" && step.kind !== "failed") return;
    const timer = setTimeout(() => setStep({ kind: "welcome" }), KIOSK_RESET_MS);
    return () => clearTimeout(timer);
  }, [step]);

  async function check(target: { code: string } | { guestId: string }) {
    try {
      const answer = await api["desk.check"](target);
      beep(toneOf(answer.result));
      const isEntry = answer.result === "ok" && answer.direction === "in" && answer.guest !== null;
      setStep({ kind: "answer", answer, print: isEntry ? "printing" : "none" });
      announce(
        [answerHeadline(answer, t), answer.guest ? guestName(answer.guest.fields) : null].filter(Boolean).join(". "),
      );
      if (isEntry) await printBadge(answer);
    } catch (error) {
      beep("refused");
      setStep({ kind: "failed", message: failureText(error, t, i18n) });
      announce(t("deskApp.kiosk.failed"));
    }
  }

  async function printBadge(answer: ScanAnswer) {
    let print: "printed" | "failed" = "failed";
    try {
      // With print on scan, the core printed it after the check.
      if ((await api["print.status"]()).printOnScan) print = "printed";
      else {
        const job = await api["print.badge"](answer.guest!.id);
        print = job.state === "failed" ? "failed" : "printed";
      }
    } catch {
      print = "failed";
    }
    setStep((current) =>
      current.kind === "answer" && current.answer.scanId === answer.scanId ? { ...current, print } : current,
    );
  }

  function announce(text: string) {
    setAnnouncement("");
    setTimeout(() => setAnnouncement(text), 50);
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    const code = scannedText(typed);
    setTyped("");
    if (code) void check({ code });
  }

  return (
    <Stack gap="lg" maw={760} mx="auto" py="lg" mih="90dvh" justify="space-between">
      <Stack gap="lg">
        <KioskLanguages language={language} onLanguage={onLanguage} />
        <Stack gap={4} ta="center">
          <Title order={1}>{t("deskApp.kiosk.welcome")}</Title>
          <Text size="lg" c="dimmed">
            {session.name}
          </Text>
        </Stack>
        {step.kind === "welcome" && (
          <Paper withBorder radius="md" p="xl">
            <Stack gap="lg">
              <form onSubmit={submitCode}>
                <TextInput
                  ref={scanner}
                  size="xl"
                  label={t("deskApp.kiosk.scanLabel")}
                  description={t("deskApp.kiosk.scanHelp")}
                  value={typed}
                  onChange={(event) => setTyped(event.currentTarget.value)}
                  autoFocus
                  autoComplete="off"
                  spellCheck={false}
                  data-testid="kiosk-scanner"
                />
              </form>
              <Button size="lg" variant="light" onClick={() => setStep({ kind: "byName" })}>
                {t("deskApp.kiosk.byName")}
              </Button>
            </Stack>
          </Paper>
        )}
        {step.kind === "byName" && (
          <KioskNameForm onFound={(guestId) => void check({ guestId })} onCancel={() => setStep({ kind: "welcome" })} />
        )}
        {step.kind === "answer" && <KioskAnswer answer={step.answer} print={step.print} />}
        {step.kind === "failed" && (
          <Paper withBorder radius="md" p="xl" ta="center" data-testid="kiosk-answer" data-result="failed">
            <Text fz={32} fw={800}>
              {t("deskApp.kiosk.failed")}
            </Text>
            <Text c="dimmed">{step.message}</Text>
          </Paper>
        )}
        {(step.kind === "answer" || step.kind === "failed") && (
          <Button size="lg" onClick={() => setStep({ kind: "welcome" })} data-testid="kiosk-next">
            {t("deskApp.kiosk.next")}
          </Button>
        )}
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" size="xs" onClick={() => setLeaving(true)}>
          {t("deskApp.kiosk.staff")}
        </Button>
      </Group>
      <PinDialog
        opened={isLeaving}
        title={t("deskApp.kiosk.leaveTitle")}
        onClose={() => setLeaving(false)}
        onVerified={async (pin) => {
          // Main unlocks the window only with the supervisor's PIN.
          await api["app.setKiosk"]?.(false, pin);
          setLeaving(false);
          onLeave();
        }}
      />
      <VisuallyHidden role="status" aria-live="assertive" aria-atomic="true" data-testid="kiosk-announcement">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}

/** The guest's answer: in words and colour, their own name only, and their badge's printing. */
function KioskAnswer({ answer, print }: { answer: ScanAnswer; print: "none" | "printing" | "printed" | "failed" }) {
  const { t } = useTranslation("web");
  const tone = toneOf(answer.result);
  const band = tone === "ok" ? "green.9" : tone === "warning" ? "orange.9" : "red.9";
  const name = answer.guest ? guestName(answer.guest.fields) : null;
  return (
    <Paper withBorder radius="md" style={{ overflow: "hidden" }} data-testid="kiosk-answer" data-result={answer.result}>
      <Stack bg={band} c="white" p="xl" gap={4} ta="center">
        <Text fz={44} fw={800} lh={1.1}>
          {answerHeadline(answer, t)}
        </Text>
        {name && (
          <Text fz={30} fw={700}>
            {name}
          </Text>
        )}
      </Stack>
      <Text p="lg" ta="center" size="xl" fw={600} data-testid="kiosk-print" data-print={print}>
        {print === "printing" && t("deskApp.kiosk.printing")}
        {print === "printed" && t("deskApp.kiosk.printed")}
        {print === "failed" && t("deskApp.kiosk.printFailed")}
        {print === "none" && t("deskApp.kiosk.seeStaff")}
      </Text>
    </Paper>
  );
}
