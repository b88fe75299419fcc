import { Button, Group, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { fileNameOf, type LocalPreview } from "./importDesk.ts";

/** The picked file as read here: its rows, how it is encoded and separated, and its first rows. */
export function FilePreview({
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
