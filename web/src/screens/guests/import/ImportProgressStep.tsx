import { Button, Group, Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { useStartImport, type GuestImportJson } from "@/queries/guestImports.ts";
import { useGuestsArea } from "../GuestsContext.ts";
import { ImportReport } from "./ImportReport.tsx";

/** How far an import is, in percent. */
export function importPercent(guestImport: GuestImportJson): number {
  if (guestImport.totalRows > 0) return Math.round((guestImport.processedRows / guestImport.totalRows) * 100);
  return guestImport.status === "done" ? 100 : 0;
}

/** Step 3: the import running in the background (its progress, as polled), then its report. */
export function ImportProgressStep({
  guestImport,
  error,
  onRestart,
}: {
  guestImport: GuestImportJson;
  /** The last poll failed (the import may still run). */
  error: Error | null;
  onRestart: () => void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event, base } = useGuestsArea();
  // A failed import may run again: from the start (PostgreSQL wrote nothing of it), or after the guests its
  // committed batches wrote (SQLite).
  const retry = useStartImport(accountId, event.id);
  const failure = error ?? retry.error;
  const { status } = guestImport;
  const interrupted = status === "failed" && guestImport.writtenGuests > 0;
  const percent = importPercent(guestImport);
  const isOver = status === "done" || status === "failed";

  return (
    <Stack gap="md">
      <FailureAlert message={failure ? errorMessage(failure, t) : null} />
      <Text size="sm">
        {status === "done"
          ? t("guests.import.done")
          : interrupted
            ? t("guests.import.interrupted", { count: guestImport.writtenGuests })
            : status === "failed"
              ? t("guests.import.failed")
              : t("guests.import.processing", { processed: guestImport.processedRows, total: guestImport.totalRows })}
      </Text>
      {/* The bar itself is the progressbar (with its name and "42 %"): aria attributes on Progress would land on
          its frame, which has no role to carry them. */}
      <Progress.Root size="xl" transitionDuration={150} data-testid="import-progress">
        <Progress.Section
          value={percent}
          animated={status === "processing"}
          color={status === "failed" ? "red" : status === "done" ? "green" : "blue"}
          withAria={false}
          role="progressbar"
          aria-label={t("guests.import.progress")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent} %`}
        />
      </Progress.Root>
      <Text size="sm" ta="right" data-testid="import-percent">
        {percent} %
      </Text>
      {status === "done" && <ImportReport guestImport={guestImport} />}
      {isOver && (
        <Group justify="flex-end">
          <Button variant="default" onClick={onRestart}>
            {t("guests.import.another")}
          </Button>
          {status === "failed" && (
            <Button
              variant="default"
              loading={retry.isPending}
              onClick={() => retry.mutate({ importId: guestImport.id })}
            >
              {interrupted ? t("guests.import.resume") : t("guests.import.retry")}
            </Button>
          )}
          <Button component={Link} to={base}>
            {t("guests.import.toList")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
