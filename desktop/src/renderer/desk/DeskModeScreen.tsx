import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScanAnswer, ScanBody } from "@/queries/checkins.ts";
import { DeskScreen } from "@/screens/desk/DeskScreen.tsx";
import { guestName } from "@/screens/desk/fieldValues.ts";
import { deskApi, type DeskPrintJob, type DeskSessionView } from "../deskApi.ts";
import { PreflightDialog } from "../printing/PreflightDialog.tsx";
import { PrinterDialog } from "../printing/PrinterDialog.tsx";
import { PrinterStateBadge } from "../printing/PrinterState.tsx";
import { ReprintDialog } from "../printing/ReprintDialog.tsx";
import { usePrintStatus } from "../printing/usePrintStatus.ts";
import { usePrimaryStatus } from "../primary/usePrimaryStatus.ts";
import { VenueNetworkDialog } from "../primary/VenueNetworkDialog.tsx";
import { VenueRoleLine } from "../primary/VenueRoleLine.tsx";
import { failureText } from "../shared/failureText.ts";
import { ConflictsDialog } from "./ConflictsDialog.tsx";
import { StatusBar } from "./StatusBar.tsx";
import { useDeskStatus } from "./useDeskStatus.ts";
import { useLocalSearch } from "./useLocalSearch.ts";

type Dialog = "printer" | "preflight" | "conflicts" | "venue" | null;

/**
 * Desk mode: web's scanning screen answered by the core (online within 3 s, else offline from the local
 * snapshot), the status bar always in view, and the badge of the last guest scanned to print.
 */
export function DeskModeScreen({ session, onLeave }: { session: DeskSessionView; onLeave(): void }) {
  const { t, i18n } = useTranslation("web");
  const { status, refresh } = useDeskStatus();
  const { printStatus, refresh: refreshPrinter } = usePrintStatus();
  const venue = usePrimaryStatus();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [isSyncing, setSyncing] = useState(false);
  const [lastGuest, setLastGuest] = useState<{ id: string; name: string } | null>(null);
  const [reprinting, setReprinting] = useState<{ id: string; name: string } | null>(null);
  const [printNotice, setPrintNotice] = useState("");
  const api = deskApi();

  function noticeOf(job: DeskPrintJob, name: string): string {
    return job.state === "failed"
      ? t("deskApp.print.failed", { name, detail: job.failure ?? "" })
      : t("deskApp.print.sent", { name });
  }

  async function printBadge(guest: { id: string; name: string }) {
    setPrintNotice(t("deskApp.print.sending", { name: guest.name }));
    try {
      setPrintNotice(noticeOf(await api["print.badge"](guest.id), guest.name));
    } catch (error) {
      setPrintNotice(t("deskApp.print.failed", { name: guest.name, detail: failureText(error, t, i18n) }));
    }
    refreshPrinter();
  }

  async function scan(body: ScanBody): Promise<ScanAnswer> {
    try {
      const answer = await api["desk.check"]({
        ...("code" in body && body.code ? { code: body.code } : {}),
        ...("guestId" in body && body.guestId ? { guestId: body.guestId } : {}),
        ...(body.direction ? { direction: body.direction } : {}),
      });
      if (answer.guest) {
        const guest = { id: answer.guest.id, name: guestName(answer.guest.fields) ?? t("desk.search.noName") };
        setLastGuest(guest);
        setPrintNotice("");
      }
      return answer;
    } finally {
      refresh();
      venue.refresh();
    }
  }

  async function syncNow() {
    setSyncing(true);
    await api["desk.sync"]().catch(() => undefined);
    setSyncing(false);
    refresh();
  }

  return (
    <Stack gap="md">
      <StatusBar
        status={status}
        isSyncing={isSyncing}
        onSync={() => void syncNow()}
        onConflicts={() => setDialog("conflicts")}
        venue={
          <>
            <Button size="compact-sm" variant="default" onClick={() => setDialog("venue")}>
              {t("deskPrimary.open")}
            </Button>
            <VenueRoleLine primaryStatus={venue.primaryStatus} />
          </>
        }
      />
      <DeskScreen
        title={session.name}
        deskName={session.desk}
        fields={session.displayedFields}
        options={session.options}
        valueContext={{
          optionLabel: (fieldId, value) =>
            session.displayedFields
              .find((field) => field.id === fieldId)
              ?.options?.find((option) => option.id === value)?.label,
        }}
        scan={scan}
        useSearch={useLocalSearch}
        canForce={false}
        actions={
          <Group gap="xs">
            <Button variant="default" onClick={() => setDialog("printer")}>
              {t("deskApp.printer.open")}
            </Button>
            <Button variant="default" onClick={() => setDialog("preflight")}>
              {t("deskApp.preflight.open")}
            </Button>
            <Button variant="default" onClick={onLeave}>
              {t("deskApp.changeMode")}
            </Button>
          </Group>
        }
      />
      <Paper withBorder radius="md" p="md" component="section" aria-label={t("deskApp.print.label")}>
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {t("deskApp.printer.state")}
            </Text>
            <PrinterStateBadge printStatus={printStatus} />
          </Group>
          {lastGuest ? (
            <Group gap="xs">
              <Text size="sm">{t("deskApp.print.lastGuest", { name: lastGuest.name })}</Text>
              <Button onClick={() => void printBadge(lastGuest)} data-testid="print-badge">
                {t("deskApp.print.badge")}
              </Button>
              <Button variant="light" onClick={() => setReprinting(lastGuest)}>
                {t("deskApp.reprint.open")}
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t("deskApp.print.noGuest")}
            </Text>
          )}
        </Group>
        <Text size="sm" role="status" aria-live="polite" data-testid="print-notice" mt={printNotice ? "xs" : 0}>
          {printNotice}
        </Text>
      </Paper>
      <PrinterDialog
        opened={dialog === "printer"}
        onClose={() => setDialog(null)}
        printStatus={printStatus}
        onChanged={refreshPrinter}
      />
      <PreflightDialog opened={dialog === "preflight"} onClose={() => setDialog(null)} />
      <ConflictsDialog opened={dialog === "conflicts"} onClose={() => setDialog(null)} />
      <VenueNetworkDialog
        opened={dialog === "venue"}
        onClose={() => setDialog(null)}
        primaryStatus={venue.primaryStatus}
        onChanged={venue.update}
      />
      <ReprintDialog
        guest={reprinting}
        onClose={() => setReprinting(null)}
        onPrinted={(job) => {
          setPrintNotice(noticeOf(job, reprinting?.name ?? ""));
          setReprinting(null);
          refreshPrinter();
        }}
      />
    </Stack>
  );
}
