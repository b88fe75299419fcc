import { Alert, Button, Group, Select, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@tessera/shared/client";
import { IMPORT_GUEST_FIELDS } from "@tessera/shared/rules/guests";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import {
  useCancelImport,
  useSetImportMapping,
  useStartImport,
  type GuestImportJson,
  type GuestImportUploadJson,
  type ImportMapping,
} from "@/queries/guestImports.ts";
import { useGuestFields, useGuestsArea } from "../GuestsContext.ts";
import { MappingCheckResult } from "./MappingCheckResult.tsx";

/**
 * Step 2: each column of the file matched to a guest field or a custom field (as suggested by the API),
 * the rows checked against the mapping, then the import started.
 */
export function MappingStep({
  upload,
  guestImport,
  onBack,
}: {
  /** The answer to step 1 (its preview rows and suggested mapping). */
  upload: GuestImportUploadJson;
  guestImport: GuestImportJson;
  onBack: () => void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useGuestsArea();
  const fields = useGuestFields();
  const [mapping, setMapping] = useState<ImportMapping>(upload.suggestedMapping);
  const check = useSetImportMapping(accountId, event.id);
  const start = useStartImport(accountId, event.id);
  const cancel = useCancelImport(accountId, event.id);
  // What the check found for the mapping as it is (a change asks for a new check).
  const checked = check.data ?? null;
  const failure = check.error ?? start.error;
  // A refused mapping names the column at fault (`mapping.<index>`) or the whole mapping (`mapping`).
  const issueFor = (field: string) => (isApiError(failure) ? failure.messageFor(field) : undefined);
  const isWorking = check.isPending || start.isPending;

  const targets = [
    { value: "", label: t("guests.import.ignore") },
    ...IMPORT_GUEST_FIELDS.map((field) => ({ value: field, label: t(`guests.fields.${field}`) })),
    ...fields.map((field) => ({ value: `customField:${field.id}`, label: field.label || field.name })),
  ];
  const headers = guestImport.headers;
  const columnCount = Math.max(headers.length, ...upload.preview.map((row) => row.length));

  return (
    <Stack gap="md">
      <FailureAlert message={failure ? (issueFor("mapping") ?? errorMessage(failure, t)) : null} />
      <Text size="sm" c="dimmed">
        {guestImport.sourceFormat === "xlsx"
          ? t("guests.import.detectedWorkbook", { rows: guestImport.totalRows })
          : t("guests.import.detected", {
              rows: guestImport.totalRows,
              encoding: guestImport.encoding,
              separator: guestImport.separator === "\t" ? "TAB" : guestImport.separator,
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
                      error={issueFor(`mapping.${key}`)}
                      onChange={(value) => {
                        setMapping((existing) => ({ ...existing, [key]: value || null }));
                        check.reset();
                        start.reset();
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
      {checked && <MappingCheckResult result={checked} />}
      <Group justify="space-between">
        <Button
          variant="default"
          onClick={() => {
            // The uploaded file is dropped: going back means choosing a file again.
            cancel.mutate(guestImport.id);
            onBack();
          }}
        >
          {t("guests.import.back")}
        </Button>
        <Group gap="xs">
          <Button
            variant="light"
            loading={isWorking}
            onClick={() => check.mutate({ importId: guestImport.id, mapping })}
          >
            {t("guests.import.check")}
          </Button>
          <Button
            loading={isWorking}
            // The rows not checked for this mapping: it is sent first.
            onClick={() => start.mutate({ importId: guestImport.id, mapping: checked ? undefined : mapping })}
          >
            {t("guests.import.start")}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
