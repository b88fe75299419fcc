import { Alert, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { GuestImportMappingJson, ImportRowErrorJson } from "@/queries/guestImports.ts";

/** The first problems of one kind, each with its line, column and value. */
function ProblemLines({ problems }: { problems: readonly ImportRowErrorJson[] }) {
  const { t } = useTranslation("web");
  return problems.slice(0, 10).map((problem) => (
    <Text key={`${problem.line}-${problem.column}`} size="sm">
      {t("guests.import.errorLine", { line: problem.line, column: problem.column, value: problem.value })}{" "}
      {problem.message}
    </Text>
  ));
}

/**
 * What the check of every row found, with the true counts of the import (over every row, not the sample
 * the answer carries): rows that will be refused, and values left out of rows that are imported.
 */
export function MappingCheckResult({ result }: { result: GuestImportMappingJson }) {
  const { t } = useTranslation("web");
  const { failedRows, warningCells } = result.import;
  if (!failedRows && !warningCells) {
    return <Alert color="green" variant="light" role="status" title={t("guests.import.noErrors")} />;
  }
  return (
    <Stack gap="xs" role="status">
      {failedRows > 0 && (
        <Alert color="orange" variant="light" title={t("guests.import.sampleErrors", { count: failedRows })}>
          <ProblemLines problems={result.sampleErrors} />
        </Alert>
      )}
      {warningCells > 0 && (
        <Alert color="yellow" variant="light" title={t("guests.import.sampleWarnings", { count: warningCells })}>
          <ProblemLines problems={result.sampleWarnings} />
        </Alert>
      )}
    </Stack>
  );
}
