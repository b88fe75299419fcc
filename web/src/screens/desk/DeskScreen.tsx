import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import type { ScanDirection } from "@tessera/shared/rules/checkins";
import type { CheckinOptions } from "@tessera/shared/schemas/checkins";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/app/errorMessage.ts";
import { PageLoader } from "@/components/PageLoader.tsx";
import { newScanId, type ScanAnswer, type ScanBody } from "@/queries/checkins.ts";
import { fieldValueText, guestName, type FieldValueContext } from "./fieldValues.ts";
import { GuestSearch, type SearchHit } from "./GuestSearch.tsx";
import { beep, toneOf } from "./scanFeedback.ts";
import { answerHeadline, ScanFailedCard, ScanResultCard, unpaidText, type DisplayedField } from "./ScanResultCard.tsx";
import { scannedText } from "./scannedText.ts";

/** The camera and its QR reader (ZXing) load only when a desk turns the camera on. */
const CameraScanner = lazy(() => import("./CameraScanner.tsx"));

export interface DeskScreenProps {
  /** The session's name. */
  title: string;
  /** Who scans: the desk's name, or the organizer. */
  deskName: string | null;
  fields: readonly DisplayedField[];
  options: CheckinOptions;
  /** Reads the displayed fields' values (option labels where known, the event's time zone). */
  valueContext: Omit<FieldValueContext, "t" | "language">;
  /** Sends a scan (sent again with the same scan id while no answer comes). */
  scan(body: ScanBody): Promise<ScanAnswer>;
  /** The query-layer hook that finds the session's guests by name (called on every render, as hooks are). */
  useSearch(q: string): { data?: readonly SearchHit[]; isFetching: boolean; error: unknown };
  /** A supervisor may let a refused guest in anyway. */
  canForce: boolean;
  /** Buttons of the header (sign out, back). */
  actions?: ReactNode;
}

type Outcome =
  | { kind: "idle" }
  | { kind: "answer"; answer: ScanAnswer; body: ScanBody }
  | { kind: "failed"; body: ScanBody; message: string };

/**
 * A check-in desk: an input that keeps the focus for keyboard-wedge scanners (Enter sends), the camera, a search
 * by name; each answer big, coloured, heard (a short sound) and announced to screen readers.
 */
export function DeskScreen(props: DeskScreenProps) {
  const { title, deskName, fields, options, valueContext, scan, useSearch, canForce, actions } = props;
  const { t, i18n } = useTranslation(["web", "errors", "validation"]);
  const [typed, setTyped] = useState("");
  const [direction, setDirection] = useState<ScanDirection>("in");
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  const [pending, setPending] = useState(0);
  const [isCameraOn, setCameraOn] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [recent, setRecent] = useState<ScanAnswer[]>([]);
  const scanner = useRef<HTMLInputElement>(null);
  const latest = useRef(0);
  const context: FieldValueContext = { ...valueContext, t, language: i18n.language };

  const refocus = useCallback(() => {
    const active = document.activeElement;
    // Someone typing a name keeps their field; otherwise the scanner's input takes the focus back.
    if (active instanceof HTMLInputElement && active !== scanner.current && active.dataset.keepsFocus) return;
    if (document.querySelector('[role="dialog"]')) return;
    scanner.current?.focus();
  }, []);

  // A click on the page's background, or a button that went away, would leave the focus nowhere.
  useEffect(() => {
    const onFocusOut = () =>
      setTimeout(() => {
        if (!document.activeElement || document.activeElement === document.body) refocus();
      }, 0);
    document.addEventListener("focusout", onFocusOut);
    return () => document.removeEventListener("focusout", onFocusOut);
  }, [refocus]);

  async function send(body: ScanBody) {
    const ticket = ++latest.current;
    setPending((count) => count + 1);
    try {
      const answer = await scan(body);
      if (ticket !== latest.current) return;
      setOutcome({ kind: "answer", answer, body });
      setRecent((list) => [answer, ...list.filter((item) => item.scanId !== answer.scanId)].slice(0, 5));
      beep(toneOf(answer.result));
      announce(answerAnnouncement(answer));
    } catch (error) {
      if (ticket !== latest.current) return;
      const message = errorMessage(error, t);
      setOutcome({ kind: "failed", body, message });
      beep("refused");
      announce(`${t("desk.result.failed")}. ${message}`);
    } finally {
      setPending((count) => count - 1);
      setTimeout(refocus, 0);
    }
  }

  function announce(text: string) {
    // Emptied first, so the same words said twice are announced twice.
    setAnnouncement("");
    setTimeout(() => setAnnouncement(text), 50);
  }

  function answerAnnouncement(answer: ScanAnswer): string {
    const name = answer.guest ? guestName(answer.guest.fields) : null;
    const parts = [answerHeadline(answer, t), name];
    if (answer.result === "not_allowed" && answer.rule) parts.push(t("desk.result.ruleFailed", { rule: answer.rule }));
    if (answer.result === "unpaid") parts.push(unpaidText(answer, t));
    if (answer.result === "already_checked_in" && answer.previous) {
      parts.push(
        t(answer.previous.desk ? "desk.result.previousAt" : "desk.result.previous", {
          when: fieldValueText("at", answer.previous.at, context),
          desk: answer.previous.desk,
        }),
      );
    }
    return parts.filter(Boolean).join(". ");
  }

  const scanBody = (target: { code: string } | { guestId: string }, force = false): ScanBody => ({
    scanId: newScanId(),
    ...target,
    ...(options.exitScans ? { direction } : {}),
    ...(force ? { force: true } : {}),
  });

  function submitTyped() {
    const code = scannedText(typed);
    setTyped("");
    if (code) void send(scanBody({ code }));
  }

  const shownAnswer = outcome.kind === "answer" ? outcome.answer : null;
  const canForceThis =
    canForce && shownAnswer && shownAnswer.result !== "ok" && shownAnswer.direction === "in" && shownAnswer.guest;

  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          {deskName && (
            <Text size="sm" c="dimmed">
              {t("desk.deskName", { desk: deskName })}
            </Text>
          )}
        </div>
        {actions}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
        <Stack gap="sm">
          {options.exitScans && (
            <SegmentedControl
              fullWidth
              size="md"
              aria-label={t("desk.direction")}
              value={direction}
              onChange={(value) => {
                setDirection(value as ScanDirection);
                setTimeout(refocus, 0);
              }}
              data={[
                { value: "in", label: t("desk.directions.in") },
                { value: "out", label: t("desk.directions.out") },
              ]}
            />
          )}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submitTyped();
            }}
          >
            <TextInput
              ref={scanner}
              size="lg"
              label={t("desk.scannerLabel")}
              description={t("desk.scannerHelp")}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoFocus
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="go"
              inputMode={isCameraOn ? "none" : "text"}
              rightSectionWidth={90}
              rightSection={
                <Button type="submit" size="sm" loading={pending > 0}>
                  {t("desk.check")}
                </Button>
              }
              data-testid="scanner-input"
            />
          </form>
          {outcome.kind === "idle" && (
            <Paper withBorder radius="md" p="xl" ta="center" data-testid="scan-result" data-result="idle">
              <Text fz={{ base: 22, sm: 28 }} fw={700}>
                {t("desk.ready")}
              </Text>
              <Text c="dimmed">{t("desk.readyHelp")}</Text>
            </Paper>
          )}
          {outcome.kind === "answer" && (
            <ScanResultCard
              answer={outcome.answer}
              fields={fields}
              context={context}
              forceAction={
                canForceThis
                  ? {
                      label: t("desk.force"),
                      isBusy: pending > 0,
                      onForce: () => void send(scanBody({ guestId: outcome.answer.guest!.id }, true)),
                    }
                  : undefined
              }
            />
          )}
          {outcome.kind === "failed" && (
            <ScanFailedCard message={outcome.message} isBusy={pending > 0} onRetry={() => void send(outcome.body)} />
          )}
        </Stack>
        <Stack gap="sm">
          <Group gap="xs">
            <Button variant={isCameraOn ? "filled" : "light"} onClick={() => setCameraOn((on) => !on)}>
              {isCameraOn ? t("desk.camera.stop") : t("desk.camera.start")}
            </Button>
          </Group>
          {isCameraOn && (
            <Suspense fallback={<PageLoader />}>
              <CameraScanner onCode={(text) => void send(scanBody({ code: scannedText(text) }))} />
            </Suspense>
          )}
          <GuestSearch
            useSearch={useSearch}
            onChoose={(hit) => void send(scanBody({ guestId: hit.id }))}
            context={context}
          />
          {recent.length > 1 && (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="desk-recent">
                {t("desk.recent")}
              </Text>
              <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: "none" }} aria-labelledby="desk-recent">
                {recent.slice(1).map((answer) => (
                  <Text component="li" size="sm" key={answer.scanId}>
                    {[answerHeadline(answer, t), answer.guest ? guestName(answer.guest.fields) : null]
                      .filter(Boolean)
                      .join(" · ")}
                  </Text>
                ))}
              </Stack>
            </Stack>
          )}
        </Stack>
      </SimpleGrid>
      <VisuallyHidden role="status" aria-live="assertive" aria-atomic="true" data-testid="scan-announcement">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}
