import {
  Alert,
  Button,
  Group,
  PasswordInput,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { GuestImportJson, GuestImportUploadJson } from "@tessera/shared/schemas/guestImports";
import { failureOf } from "../deskApi.ts";
import { failureText } from "../shared/failureText.ts";
import { useDeskCall } from "../shared/useDeskCall.ts";
import { ImportMapping } from "./ImportMapping.tsx";
import {
  fileNameOf,
  formatBytes,
  importDesk,
  type ImportableEvent,
  type ImportProgress,
  type LocalPreview,
} from "./importDesk.ts";

/** How often a running upload or import is asked where it stands (ms). */
const POLL_MS = 700;

type Step =
  | { kind: "pick" }
  | { kind: "preview"; filePath: string; preview: LocalPreview }
  | { kind: "uploading"; id: string }
  | { kind: "mapping"; id: string; upload: GuestImportUploadJson }
  | { kind: "processing"; id: string; guestImport: GuestImportJson | null }
  | { kind: "done"; guestImport: GuestImportJson };

/**
 * Bulk import from the desk app (issue 13, item 8): a large CSV or .xlsx picked on this computer, previewed
 * here, sent in chunks that resume where they stopped (even after the app was closed), then mapped and processed
 * by the server with its progress shown.
 */
export function ImportScreen() {
  const { t, i18n } = useTranslation(["web", "errors"]);
  const api = importDesk();
  const call = useDeskCall();
  const [serverUrl, setServerUrl] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [userName, setUserName] = useState<string | null>(null);
  const [events, setEvents] = useState<ImportableEvent[]>([]);
  const [eventId, setEventId] = useState<string | null>(null);
  const [interrupted, setInterrupted] = useState<ImportProgress[]>([]);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [step, setStep] = useState<Step>({ kind: "pick" });
  const bytes = (count: number) => formatBytes(count, i18n.language);

  useEffect(() => {
    void api["desk.info"]()
      .then((info) => setServerUrl((current) => current || info.serverUrl || ""))
      .catch(() => undefined);
    void api["import.resume"]()
      .then(setInterrupted)
      .catch(() => undefined);
  }, [api]);

  // A running upload: its bytes sent, then the server's reading of the file.
  const uploadingId = step.kind === "uploading" ? step.id : null;
  useEffect(() => {
    if (!uploadingId) return;
    const timer = setInterval(async () => {
      const current = await api["import.progress"](uploadingId).catch(() => null);
      if (!current) return;
      setProgress(current);
      if (current.upload && current.state !== "uploading" && current.state !== "failed")
        setStep({ kind: "mapping", id: uploadingId, upload: current.upload });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [api, uploadingId]);

  // A running import: the server's rows processed.
  const processingId = step.kind === "processing" ? step.id : null;
  useEffect(() => {
    if (!processingId) return;
    const timer = setInterval(async () => {
      const guestImport = await api["import.status"](processingId).catch(() => null);
      if (!guestImport) return;
      if (guestImport.status === "done" || guestImport.status === "failed") setStep({ kind: "done", guestImport });
      else setStep({ kind: "processing", id: processingId, guestImport });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [api, processingId]);

  async function signIn(event: FormEvent) {
    event.preventDefault();
    const user = await call.run(() => api["backoffice.signIn"](serverUrl, email, password));
    if (!user) return;
    setPassword("");
    setUserName(`${user.firstName} ${user.lastName}`.trim() || user.email);
    const found = await call.run(() => api["backoffice.events"]());
    setEvents(found ?? []);
    setEventId(found?.length === 1 ? found[0]!.id : null);
  }

  async function pick() {
    const filePath = await call.run(() => api["app.pickFile"]());
    if (!filePath) return;
    const preview = await call.run(() => api["import.preview"](filePath));
    if (preview) setStep({ kind: "preview", filePath, preview });
  }

  async function upload(filePath: string) {
    const target = events.find((event) => event.id === eventId);
    if (!target) return;
    const started = await call.run(() => api["import.upload"](filePath, target.accountId, target.id));
    if (!started) return;
    setProgress(started);
    setStep({ kind: "uploading", id: started.id });
  }

  async function resume(id: string) {
    const unfinished = await call.run(() => api["import.resume"]());
    if (!unfinished) return;
    setInterrupted([]);
    const current = unfinished.find((upload) => upload.id === id);
    if (current) setProgress(current);
    setStep({ kind: "uploading", id });
  }

  async function check(id: string, mapping: Record<string, string | null>) {
    return call.run(() => api["import.setMapping"](id, mapping));
  }

  async function start(id: string) {
    const guestImport = await call.run(() => api["import.process"](id));
    if (guestImport) setStep({ kind: "processing", id, guestImport });
  }

  /** Why an upload stopped, in the user's language when its code is known. */
  function stoppedBecause(error: string): string {
    if (failureOf(new Error(error)).code === "import_file_changed") return t("deskImport.fileChanged");
    return failureText(new Error(error), t, i18n);
  }

  const isSignedIn = userName !== null;
  const waiting = interrupted[0];
  const stopped = step.kind === "uploading" && progress && !progress.isSending && progress.state !== "uploaded";

  return (
    <Stack gap="lg" p="lg" maw={960}>
      <Title order={2}>{t("deskImport.title")}</Title>
      {call.failure && (
        <Alert color="red" role="alert">
          {call.failure}
        </Alert>
      )}
      {waiting && step.kind === "pick" && (
        <Alert color="orange" title={t("deskImport.resumeTitle")}>
          <Stack gap="xs">
            <Text size="sm">
              {t("deskImport.resumeText", {
                name: waiting.fileName,
                received: bytes(waiting.received),
                size: bytes(waiting.size),
              })}
              {!isSignedIn && ` ${t("deskImport.resumeSignIn")}`}
            </Text>
            {isSignedIn && (
              <Group>
                <Button size="xs" onClick={() => void resume(waiting.id)} loading={call.isBusy}>
                  {t("deskImport.resume")}
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}

      {!isSignedIn ? (
        <form onSubmit={(event) => void signIn(event)}>
          <Stack gap="sm" maw={420}>
            <Text size="sm">{t("deskImport.signInHelp")}</Text>
            <TextInput
              label={t("deskImport.serverUrl")}
              value={serverUrl}
              onChange={(event) => setServerUrl(event.currentTarget.value)}
              required
            />
            <TextInput
              label={t("deskImport.email")}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              required
            />
            <PasswordInput
              label={t("deskImport.password")}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              required
            />
            <Group>
              <Button type="submit" loading={call.isBusy}>
                {t("deskImport.signIn")}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t("deskImport.signedInAs", { name: userName })}
          </Text>
          {events.length === 0 ? (
            <Text>{t("deskImport.noEvents")}</Text>
          ) : (
            <Select
              label={t("deskImport.event")}
              placeholder={t("deskImport.eventPlaceholder")}
              data={events.map((event) => ({ value: event.id, label: event.name }))}
              value={eventId}
              onChange={setEventId}
              disabled={step.kind !== "pick" && step.kind !== "preview"}
              searchable
              maw={420}
            />
          )}

          {(step.kind === "pick" || step.kind === "preview") && (
            <Group>
              <Button variant={step.kind === "preview" ? "default" : "filled"} onClick={() => void pick()}>
                {step.kind === "preview" ? t("deskImport.pickAnother") : t("deskImport.pick")}
              </Button>
            </Group>
          )}

          {step.kind === "preview" && (
            <FilePreview
              filePath={step.filePath}
              preview={step.preview}
              canUpload={eventId !== null}
              isBusy={call.isBusy}
              onUpload={() => void upload(step.filePath)}
            />
          )}

          {step.kind === "uploading" && progress && (
            <Stack gap="xs">
              <Text size="sm">{t("deskImport.file", { name: progress.fileName })}</Text>
              <Progress
                value={progress.size ? (100 * progress.received) / progress.size : 0}
                aria-label={t("deskImport.uploadLabel")}
                animated={progress.isSending}
              />
              <Text size="sm" role="status">
                {progress.received < progress.size
                  ? t("deskImport.uploading", { received: bytes(progress.received), size: bytes(progress.size) })
                  : t("deskImport.reading")}
              </Text>
              {stopped && progress.error && (
                <Alert color="orange">
                  <Stack gap="xs">
                    <Text size="sm">{t("deskImport.uploadStopped", { detail: stoppedBecause(progress.error) })}</Text>
                    <Group>
                      {progress.state === "uploading" ? (
                        <Button size="xs" onClick={() => void resume(progress.id)}>
                          {t("deskImport.resume")}
                        </Button>
                      ) : (
                        <Button size="xs" variant="default" onClick={() => setStep({ kind: "pick" })}>
                          {t("deskImport.pickAnother")}
                        </Button>
                      )}
                    </Group>
                  </Stack>
                </Alert>
              )}
            </Stack>
          )}

          {step.kind === "mapping" && (
            <ImportMapping
              upload={step.upload}
              isBusy={call.isBusy}
              onCheck={(mapping) => check(step.id, mapping)}
              onStart={() => void start(step.id)}
            />
          )}

          {step.kind === "processing" && (
            <Stack gap="xs">
              <Progress
                value={
                  step.guestImport?.totalRows ? (100 * step.guestImport.processedRows) / step.guestImport.totalRows : 0
                }
                aria-label={t("deskImport.processLabel")}
                animated
              />
              <Text size="sm" role="status">
                {t("guests.import.processing", {
                  processed: step.guestImport?.processedRows ?? 0,
                  total: step.guestImport?.totalRows ?? 0,
                })}
              </Text>
            </Stack>
          )}

          {step.kind === "done" && (
            <Stack gap="xs" role="status">
              <Text fw={600}>
                {step.guestImport.status === "done" ? t("guests.import.done") : t("guests.import.failed")}
              </Text>
              <Text size="sm">{t("guests.import.created", { count: step.guestImport.createdRows })}</Text>
              <Text size="sm">{t("guests.import.updated", { count: step.guestImport.updatedRows })}</Text>
              {step.guestImport.failedRows > 0 && (
                <Text size="sm">{t("guests.import.failedRows", { count: step.guestImport.failedRows })}</Text>
              )}
              <Group>
                <Button variant="default" onClick={() => setStep({ kind: "pick" })}>
                  {t("deskImport.another")}
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** The picked file as read here: its rows, how it is encoded and separated, and its first rows. */
function FilePreview({
  filePath,
  preview,
  canUpload,
  isBusy,
  onUpload,
}: {
  filePath: string;
  preview: LocalPreview;
  canUpload: boolean;
  isBusy: boolean;
  onUpload(): void;
}) {
  const { t } = useTranslation("web");
  return (
    <Stack gap="sm">
      <Text size="sm">{t("deskImport.file", { name: fileNameOf(filePath) })}</Text>
      <Text size="sm" c="dimmed">
        {preview.kind === "xlsx"
          ? t("guests.import.detectedWorkbook", { rows: preview.rows })
          : t("guests.import.detected", {
              rows: preview.rows,
              encoding: preview.encoding ?? "",
              separator: preview.separator === "\t" ? "TAB" : (preview.separator ?? ""),
            })}
      </Text>
      <Table.ScrollContainer minWidth={600}>
        <Table striped aria-label={t("deskImport.previewLabel")}>
          <Table.Thead>
            <Table.Tr>
              {preview.headers.map((header, index) => (
                <Table.Th key={index}>{header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.firstRows.map((row, rowIndex) => (
              <Table.Tr key={rowIndex}>
                {preview.headers.map((_, index) => (
                  <Table.Td key={index}>{row[index] ?? ""}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group>
        <Button onClick={onUpload} disabled={!canUpload} loading={isBusy}>
          {t("deskImport.upload")}
        </Button>
      </Group>
    </Stack>
  );
}
