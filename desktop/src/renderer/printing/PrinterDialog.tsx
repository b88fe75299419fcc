import { Button, Checkbox, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { deskApi, type DeskPrintStatus, type PrinterDescription } from "../deskApi.ts";
import { useDeskCall } from "../shared/useDeskCall.ts";
import { PrinterStateBadge } from "./PrinterState.tsx";

type Kind = "epson" | "star" | "zpl";

const RAW_PORT = 9100;

function kindOf(printer: PrinterDescription | null | undefined): Kind {
  if (printer?.kind === "zpl") return "zpl";
  return printer?.kind === "escpos" && printer.model === "star" ? "star" : "epson";
}

/** The printer's network address, when it is reached over TCP. */
function tcpOf(printer: PrinterDescription | null | undefined): { host: string; port: number } | null {
  return printer && "connection" in printer && printer.connection.type === "tcp" ? printer.connection : null;
}

function describe(kind: Kind, name: string, host: string, port: number): PrinterDescription {
  const connection = { type: "tcp" as const, host: host.trim(), port };
  return kind === "zpl"
    ? { id: "desk-printer", name, kind: "zpl", connection }
    : { id: "desk-printer", name, kind: "escpos", model: kind, connection };
}

/** The desk's badge printer: where it is, its state, a test page, and whether each entry prints a badge. */
export function PrinterDialog({
  opened,
  onClose,
  printStatus,
  onChanged,
}: {
  opened: boolean;
  onClose(): void;
  printStatus: DeskPrintStatus | null;
  onChanged(): void;
}) {
  const { t } = useTranslation("web");
  const printer = printStatus?.printer ?? null;
  const [kind, setKind] = useState<Kind>(kindOf(printer));
  const [name, setName] = useState(printer?.name ?? "");
  const [host, setHost] = useState(tcpOf(printer)?.host ?? "");
  const [port, setPort] = useState<number>(tcpOf(printer)?.port ?? RAW_PORT);
  const [notice, setNotice] = useState<string | null>(null);
  const call = useDeskCall();

  useEffect(() => {
    if (!opened) return;
    setKind(kindOf(printer));
    setName(printer?.name ?? "");
    setHost(tcpOf(printer)?.host ?? "");
    setPort(tcpOf(printer)?.port ?? RAW_PORT);
    setNotice(null);
    // Only when the dialog opens: the status asked meanwhile must not undo what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const label = name.trim() || t(`deskApp.printer.kinds.${kind}`);
    const saved = await call.run(() => deskApi()["print.setPrinter"](describe(kind, label, host, port)));
    if (saved) {
      setNotice(t("deskApp.printer.saved"));
      onChanged();
    }
  }

  async function testPage() {
    const job = await call.run(() => deskApi()["print.testPage"]());
    if (job) setNotice(job.state === "failed" ? t("deskApp.printer.testFailed") : t("deskApp.printer.testSent"));
    onChanged();
  }

  async function setPrintOnScan(printOnScan: boolean) {
    await call.run(() => deskApi()["print.setOptions"]({ printOnScan }));
    onChanged();
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t("deskApp.printer.title")} size="lg">
      <Stack gap="md">
        <Group gap="xs" role="status" aria-live="polite">
          <Text size="sm" fw={500}>
            {t("deskApp.printer.state")}
          </Text>
          <PrinterStateBadge printStatus={printStatus} />
          {printStatus?.detail && (
            <Text size="sm" c="dimmed">
              {printStatus.detail}
            </Text>
          )}
        </Group>
        <form onSubmit={(event) => void save(event)}>
          <Stack gap="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="printer-kind-label">
                {t("deskApp.printer.kind")}
              </Text>
              <SegmentedControl
                aria-labelledby="printer-kind-label"
                value={kind}
                onChange={(value) => setKind(value as Kind)}
                data={(["epson", "star", "zpl"] as const).map((value) => ({
                  value,
                  label: t(`deskApp.printer.kinds.${value}`),
                }))}
              />
            </Stack>
            <TextInput
              label={t("deskApp.printer.name")}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              data-keeps-focus="true"
            />
            <Group grow align="flex-start">
              <TextInput
                label={t("deskApp.printer.host")}
                description={t("deskApp.printer.hostHelp")}
                value={host}
                onChange={(event) => setHost(event.currentTarget.value)}
                required
                data-keeps-focus="true"
              />
              <NumberInput
                label={t("deskApp.printer.port")}
                value={port}
                onChange={(value) => setPort(typeof value === "number" ? value : RAW_PORT)}
                min={1}
                max={65_535}
                allowDecimal={false}
                required
                data-keeps-focus="true"
              />
            </Group>
            <Group>
              <Button type="submit" loading={call.isBusy}>
                {t("deskApp.printer.save")}
              </Button>
              <Button variant="light" onClick={() => void testPage()} disabled={!printer || call.isBusy}>
                {t("deskApp.printer.testPage")}
              </Button>
            </Group>
          </Stack>
        </form>
        <Checkbox
          label={t("deskApp.printer.printOnScan")}
          checked={printStatus?.printOnScan ?? false}
          onChange={(event) => void setPrintOnScan(event.currentTarget.checked)}
        />
        {notice && (
          <Text size="sm" role="status">
            {notice}
          </Text>
        )}
        <FailureAlert message={call.failure} />
      </Stack>
    </Modal>
  );
}
