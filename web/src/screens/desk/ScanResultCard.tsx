import { Badge, Box, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/app/formatDate.ts";
import type { ScanAnswer } from "@/queries/checkins.ts";
import { fieldValueText, guestName, type FieldValueContext } from "./fieldValues.ts";
import { toneOf, type ScanTone } from "./scanFeedback.ts";

/** Each tone's colours: a dark band with white words (large text), details on a light tint. */
const LOOKS: Readonly<Record<ScanTone | "failed", { band: string; tint: string; symbol: string }>> = {
  ok: { band: "green.9", tint: "green.0", symbol: "✓" },
  warning: { band: "orange.9", tint: "orange.0", symbol: "!" },
  refused: { band: "red.9", tint: "red.0", symbol: "✕" },
  unpaid: { band: "violet.9", tint: "violet.0", symbol: "€" },
  failed: { band: "gray.8", tint: "gray.0", symbol: "…" },
};

export interface DisplayedField {
  id: string;
  label: string;
}

/** The headline of an answer, in words ("Welcome", "Already checked in", "Not allowed" …). */
export function answerHeadline(answer: ScanAnswer, t: FieldValueContext["t"]): string {
  if (answer.result === "ok") return answer.direction === "out" ? t("desk.result.exit") : t("desk.result.ok");
  return t(`desk.result.${answer.result}`);
}

/** An unpaid answer's words: the ticket the rule asks for (when the server named it), and what to do. */
export function unpaidText(answer: ScanAnswer, t: FieldValueContext["t"]): string {
  const help = t("desk.result.unpaidHelp");
  return answer.rule ? `${t("desk.result.unpaidRule", { rule: answer.rule })} ${help}` : help;
}

/** A scan's answer, big and unmistakable: colour, symbol and words, then the guest's displayed fields. */
export function ScanResultCard({
  answer,
  fields,
  context,
  forceAction,
}: {
  answer: ScanAnswer;
  fields: readonly DisplayedField[];
  context: FieldValueContext;
  /** "Let them in anyway", for a supervisor, after a refusal. */
  forceAction?: { label: string; onForce(): void; isBusy: boolean };
}) {
  const { t } = context;
  const tone = toneOf(answer.result);
  const look = LOOKS[tone];
  const name = answer.guest ? guestName(answer.guest.fields) : null;
  const when = (timestamp: string) => formatDateTime(timestamp, context.language, context.timeZone);
  return (
    <Paper withBorder radius="md" style={{ overflow: "hidden" }} data-testid="scan-result" data-result={answer.result}>
      <Group bg={look.band} c="white" px={{ base: "md", sm: "lg" }} py="md" gap="md" wrap="nowrap">
        <Text aria-hidden fz={{ base: 44, sm: 64 }} fw={800} lh={1}>
          {look.symbol}
        </Text>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fz={{ base: 28, sm: 40 }} fw={800} lh={1.1} data-testid="scan-headline">
            {answerHeadline(answer, t)}
          </Text>
          {name && (
            <Text fz={{ base: 20, sm: 26 }} fw={700} lh={1.2} style={{ overflowWrap: "anywhere" }}>
              {name}
            </Text>
          )}
        </Stack>
      </Group>
      <Box bg={look.tint} px={{ base: "md", sm: "lg" }} py="md">
        <Stack gap="xs">
          {(answer.forced || answer.flagged || answer.repeated) && (
            <Group gap="xs">
              {answer.forced && <Badge color="dark">{t("desk.result.forced")}</Badge>}
              {answer.flagged && <Badge color="dark">{t("desk.result.flagged")}</Badge>}
              {answer.repeated && (
                <Badge color="dark" variant="outline">
                  {t("desk.result.repeated")}
                </Badge>
              )}
            </Group>
          )}
          {answer.result === "already_checked_in" && answer.previous && (
            <Text size="lg" fw={600} c="dark.9" data-testid="scan-previous">
              {t(answer.previous.desk ? "desk.result.previousAt" : "desk.result.previous", {
                when: when(answer.previous.at),
                desk: answer.previous.desk,
              })}
              {answer.previous.by ? ` ${t("desk.result.previousBy", { by: answer.previous.by })}` : ""}
            </Text>
          )}
          {answer.result === "not_allowed" && (
            <Text size="lg" fw={600} c="dark.9" data-testid="scan-rule">
              {answer.rule ? t("desk.result.ruleFailed", { rule: answer.rule }) : t("desk.result.noExits")}
            </Text>
          )}
          {answer.result === "unpaid" && (
            <Text size="lg" fw={600} c="dark.9" data-testid="scan-unpaid">
              {unpaidText(answer, t)}
            </Text>
          )}
          {answer.result === "not_confirmed" && answer.status && (
            <Text size="lg" fw={600} c="dark.9">
              {t("desk.result.statusIs", { status: t(`guests.status.${answer.status}`) })}
            </Text>
          )}
          {["unknown", "revoked", "other_event", "not_checked_in"].includes(answer.result) && (
            <Text size="lg" fw={600} c="dark.9">
              {t(`desk.result.explain.${answer.result as "unknown" | "revoked" | "other_event" | "not_checked_in"}`)}
            </Text>
          )}
          {answer.guest && fields.length > 0 && (
            <Box
              component="dl"
              m={0}
              style={{ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 16, rowGap: 4 }}
            >
              {fields.map((field) => (
                <Box key={field.id} style={{ display: "contents" }}>
                  <Text component="dt" size="sm" c="dark.6">
                    {field.label}
                  </Text>
                  <Text component="dd" size="md" fw={500} c="dark.9" m={0} style={{ overflowWrap: "anywhere" }}>
                    {fieldValueText(field.id, answer.guest?.fields[field.id], context)}
                  </Text>
                </Box>
              ))}
            </Box>
          )}
          {forceAction && (
            <Group>
              <Button color="dark" variant="outline" onClick={forceAction.onForce} loading={forceAction.isBusy}>
                {forceAction.label}
              </Button>
            </Group>
          )}
        </Stack>
      </Box>
    </Paper>
  );
}

/** No answer came, even after sending the scan again: it can be sent once more with the same scan id. */
export function ScanFailedCard({ message, onRetry, isBusy }: { message: string; onRetry(): void; isBusy: boolean }) {
  const { t } = useTranslation("web");
  const look = LOOKS.failed;
  return (
    <Paper withBorder radius="md" style={{ overflow: "hidden" }} data-testid="scan-result" data-result="failed">
      <Group bg={look.band} c="white" px="lg" py="md" gap="md" wrap="nowrap">
        <Text fz={{ base: 28, sm: 36 }} fw={800} lh={1.1}>
          {t("desk.result.failed")}
        </Text>
      </Group>
      <Stack bg={look.tint} px="lg" py="md" gap="sm">
        <Text c="dark.9">{message}</Text>
        <Group>
          <Button onClick={onRetry} loading={isBusy} color="dark">
            {t("desk.result.sendAgain")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
