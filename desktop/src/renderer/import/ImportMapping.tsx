import { Button, Group, Select, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { GuestImportMappingJson, GuestImportUploadJson } from "@tessera/shared/schemas/guestImports";
import { IMPORT_GUEST_FIELDS } from "@tessera/shared/rules/guests";

type Mapping = Record<string, string | null>;

/**
 * Step 2 as the web app's: each column matched to a guest field (the server's suggestion first), the rows
 * checked against it, then the import started. A custom field the server suggested stays offered by its column.
 */
export function ImportMapping({
  upload,
  isBusy,
  onCheck,
  onStart,
}: {
  upload: GuestImportUploadJson;
  isBusy: boolean;
  onCheck(mapping: Mapping): Promise<GuestImportMappingJson | undefined>;
  onStart(): void;
}) {
  const { t } = useTranslation("web");
  const [mapping, setMapping] = useState<Mapping>(upload.suggestedMapping);
  const [checked, setChecked] = useState<GuestImportMappingJson | null>(null);
  const headers = upload.import.headers;
  const columnCount = Math.max(headers.length, ...upload.preview.map((row) => row.length));
  const suggestedCustom = Object.entries(upload.suggestedMapping).filter(([, target]) =>
    target.startsWith("customField:"),
  );
  const targets = [
    { value: "", label: t("guests.import.ignore") },
    ...IMPORT_GUEST_FIELDS.map((field) => ({ value: field, label: t(`guests.fields.${field}`) })),
    ...suggestedCustom.map(([column, target]) => ({
      value: target,
      label: t("deskImport.customField", { column: headers[Number(column)] ?? column }),
    })),
  ];

  function choose(column: number, target: string | null) {
    setMapping((current) => ({ ...current, [String(column)]: target || null }));
    setChecked(null);
  }

  return (
    <Stack gap="md">
      <Text fw={600}>{t("deskImport.mappingTitle")}</Text>
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
            {Array.from({ length: columnCount }, (_, column) => {
              const name = headers[column] || t("guests.import.columnNumber", { number: column + 1 });
              return (
                <Table.Tr key={column}>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {upload.preview
                        .slice(0, 3)
                        .map((row) => row[column] ?? "")
                        .filter(Boolean)
                        .join(" · ")}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t("guests.import.targetFor", { column: name })}
                      data={targets}
                      value={mapping[String(column)] ?? ""}
                      onChange={(value) => choose(column, value)}
                      allowDeselect={false}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {checked && (
        <Text size="sm" role="status">
          {checked.import.failedRows > 0
            ? t("guests.import.sampleErrors", { count: checked.import.failedRows })
            : t("guests.import.noErrors")}
          {checked.import.warningCells > 0 &&
            ` ${t("guests.import.sampleWarnings", { count: checked.import.warningCells })}`}
        </Text>
      )}
      <Group>
        <Button
          variant={checked ? "default" : "filled"}
          loading={isBusy && !checked}
          onClick={async () => setChecked((await onCheck(mapping)) ?? null)}
        >
          {t("guests.import.check")}
        </Button>
        <Button disabled={!checked} loading={isBusy && checked !== null} onClick={onStart}>
          {t("guests.import.start")}
        </Button>
      </Group>
    </Stack>
  );
}
