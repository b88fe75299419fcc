import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Progress,
  Select,
  Stack,
  Stepper,
  Switch,
  Table,
  Text,
} from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { GuestImportJson, GuestImportUploadJson, ImportRowErrorJson } from "@tessera/shared/client";
import { errorMessage } from "@/app/errorMessage.ts";
import { useGuestsArea } from "../GuestsContext.ts";
import { IMPORT_GUEST_FIELDS } from "@tessera/shared/rules/guests";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useAction } from "@/app/useAction.ts";

/** The guest fields a column may fill (spec §3), then the custom fields as `customField:<id>`. */
const IMPORT_FIELDS = IMPORT_GUEST_FIELDS;
const POLL_MS = 500;

/** Spec §2: import in three steps — upload the file, match the columns to fields, process with a live progress bar. */
export const ImportWizard = observer(function ImportWizard() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { api, accountId, event, base, fields, list } = useGuestsArea();
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [hasHeaders, setHasHeaders] = useState(true);
  const [upload, setUpload] = useState<GuestImportUploadJson | null>(null);
  const [mapping, setMapping] = useState<Record<string, string | null>>({});
  const [sampleErrors, setSampleErrors] = useState<ImportRowErrorJson[] | null>(null);
  const [current, setCurrent] = useState<GuestImportJson | null>(null);
  const { isWorking, failure, setFailure, run } = useAction();
  const [isDragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const sendFile = () =>
    run(async () => {
      if (!file) return;
      const result = await api.guestImports.upload(accountId, event.id, file, hasHeaders);
      setUpload(result);
      setMapping(result.suggestedMapping);
      setSampleErrors(null);
      setStep(1);
    });
  const checkMapping = () =>
    run(async () => {
      if (!upload) return;
      const result = await api.guestImports.setMapping(accountId, event.id, upload.import.id, mapping);
      setSampleErrors(result.sampleErrors);
      setCurrent(result.import);
    });
  const startProcess = () =>
    run(async () => {
      if (!upload) return;
      if (!sampleErrors) await api.guestImports.setMapping(accountId, event.id, upload.import.id, mapping);
      const result = await api.guestImports.process(accountId, event.id, upload.import.id);
      setCurrent(result.import);
      setStep(2);
    });

  // Step 3: follow the import until it is over.
  const importId = upload?.import.id;
  const isRunning = step === 2 && current !== null && (current.status === "processing" || current.status === "mapped");
  useEffect(() => {
    if (!isRunning || !importId) return;
    const timer = setTimeout(() => {
      api.guestImports.get(accountId, event.id, importId).then(
        (result) => {
          setCurrent(result.import);
          if (result.import.status === "done") list.reload();
        },
        (error: unknown) => setFailure(errorMessage(error, t)),
      );
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [api, accountId, event.id, importId, isRunning, current, list, t, setFailure]);

  const targets = [
    { value: "", label: t("guests.import.ignore") },
    ...IMPORT_FIELDS.map((field) => ({ value: field, label: t(`guests.fields.${field}`) })),
    ...fields.fields.map((field) => ({ value: `customField:${field.id}`, label: field.label || field.name })),
  ];
  const headers = upload?.import.headers ?? [];
  const columnCount = Math.max(headers.length, ...(upload?.preview.map((row) => row.length) ?? [0]));
  const percent =
    current && current.totalRows > 0
      ? Math.round((current.processedRows / current.totalRows) * 100)
      : current?.status === "done"
        ? 100
        : 0;

  return (
    <Stack gap="md">
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t("guests.import.step1")} />
        <Stepper.Step label={t("guests.import.step2")} />
        <Stepper.Step label={t("guests.import.step3")} />
      </Stepper>
      <FailureAlert message={failure} />
      {step === 0 && (
        <Stack gap="md">
          <Box
            role="button"
            tabIndex={0}
            aria-label={t("guests.import.dropLabel")}
            onClick={() => input.current?.click()}
            onKeyDown={(keyed) => (keyed.key === "Enter" || keyed.key === " ") && input.current?.click()}
            onDragOver={(dragged) => {
              dragged.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(dropped) => {
              dropped.preventDefault();
              setDragging(false);
              const given = dropped.dataTransfer.files[0];
              if (given) setFile(given);
            }}
            p="xl"
            style={{
              border: `2px dashed var(--mantine-color-${isDragging ? "blue-6" : "default-border"})`,
              borderRadius: "var(--mantine-radius-md)",
              textAlign: "center",
              cursor: "pointer",
            }}
          >
            <Text fw={500}>{file ? file.name : t("guests.import.drop")}</Text>
            <Text size="sm" c="dimmed">
              {t("guests.import.formats")}
            </Text>
          </Box>
          <input
            ref={input}
            type="file"
            accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            hidden
            data-testid="import-file"
            onChange={(changed) => setFile(changed.currentTarget.files?.[0] ?? null)}
          />
          <Switch
            label={t("guests.import.hasHeaders")}
            checked={hasHeaders}
            onChange={(changed) => setHasHeaders(changed.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button disabled={!file} loading={isWorking} onClick={() => void sendFile()}>
              {t("guests.import.upload")}
            </Button>
          </Group>
        </Stack>
      )}
      {step === 1 && upload && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {upload.import.sourceFormat === "xlsx"
              ? t("guests.import.detectedWorkbook", { rows: upload.import.totalRows })
              : t("guests.import.detected", {
                  rows: upload.import.totalRows,
                  encoding: upload.import.encoding,
                  separator: upload.import.separator === "\t" ? "TAB" : upload.import.separator,
                })}
          </Text>
          {upload.columnIssues.length > 0 && (
            <Alert color="orange" variant="light">
              {upload.columnIssues.map((issue) => (
                <Text key={issue.field} size="sm">
                  {issue.field}: {issue.message ?? issue.code}
                </Text>
              ))}
            </Alert>
          )}
          <Table.ScrollContainer minWidth={600}>
            <Table striped aria-label={t("guests.import.columnsLabel")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("guests.import.column")}</Table.Th>
                  <Table.Th>{t("guests.import.preview")}</Table.Th>
                  <Table.Th>{t("guests.import.target")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {Array.from({ length: columnCount }, (_, index) => {
                  const key = String(index);
                  const header = headers[index] || t("guests.import.columnNumber", { number: index + 1 });
                  return (
                    <Table.Tr key={key}>
                      <Table.Td fw={500}>{header}</Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed" lineClamp={2}>
                          {upload.preview
                            .slice(0, 3)
                            .map((row) => row[index] ?? "")
                            .filter(Boolean)
                            .join(" · ")}
                        </Text>
                      </Table.Td>
                      <Table.Td miw={220}>
                        <Select
                          aria-label={t("guests.import.targetFor", { column: header })}
                          data={targets}
                          value={mapping[key] ?? ""}
                          onChange={(value) => {
                            setMapping((existing) => ({ ...existing, [key]: value || null }));
                            setSampleErrors(null);
                          }}
                          allowDeselect={false}
                          searchable
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {sampleErrors && (
            <Alert
              color={sampleErrors.length ? "orange" : "green"}
              variant="light"
              role="status"
              title={
                sampleErrors.length
                  ? t("guests.import.sampleErrors", { count: sampleErrors.length })
                  : t("guests.import.noErrors")
              }
            >
              {sampleErrors.slice(0, 10).map((error) => (
                <Text key={`${error.line}-${error.column}`} size="sm">
                  {t("guests.import.errorLine", { line: error.line, column: error.column, value: error.value })}{" "}
                  {error.message}
                </Text>
              ))}
            </Alert>
          )}
          <Group justify="space-between">
            <Button
              variant="default"
              onClick={() => {
                // The uploaded file is dropped: going back means choosing a file again.
                void api.guestImports.cancel(accountId, event.id, upload.import.id).catch(() => undefined);
                setUpload(null);
                setStep(0);
              }}
            >
              {t("guests.import.back")}
            </Button>
            <Group gap="xs">
              <Button variant="light" loading={isWorking} onClick={() => void checkMapping()}>
                {t("guests.import.check")}
              </Button>
              <Button loading={isWorking} onClick={() => void startProcess()}>
                {t("guests.import.start")}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
      {step === 2 && current && (
        <Stack gap="md">
          <Text size="sm">
            {current.status === "done"
              ? t("guests.import.done")
              : current.status === "failed"
                ? t("guests.import.failed")
                : t("guests.import.processing", { processed: current.processedRows, total: current.totalRows })}
          </Text>
          <Progress
            value={percent}
            size="xl"
            transitionDuration={150}
            animated={current.status === "processing"}
            color={current.status === "failed" ? "red" : current.status === "done" ? "green" : "blue"}
            aria-label={t("guests.import.progress")}
            aria-valuetext={`${percent} %`}
            data-testid="import-progress"
          />
          <Text size="sm" ta="right" data-testid="import-percent">
            {percent} %
          </Text>
          {current.status === "done" && (
            <Alert color="green" variant="light" title={t("guests.import.summary")} data-testid="import-summary">
              <Text size="sm">{t("guests.import.created", { count: current.createdRows })}</Text>
              <Text size="sm">{t("guests.import.updated", { count: current.updatedRows })}</Text>
              <Text size="sm">{t("guests.import.failedRows", { count: current.failedRows })}</Text>
              {current.hasErrorReport && (
                <Anchor href={api.guestImports.errorsUrl(accountId, event.id, current.id)} download size="sm">
                  {t("guests.import.errorReport")}
                </Anchor>
              )}
            </Alert>
          )}
          {(current.status === "done" || current.status === "failed") && (
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  setStep(0);
                  setFile(null);
                  setUpload(null);
                  setCurrent(null);
                }}
              >
                {t("guests.import.another")}
              </Button>
              <Button component={Link} to={base}>
                {t("guests.import.toList")}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
});
