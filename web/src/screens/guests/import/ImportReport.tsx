import { Alert, Anchor, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { importErrorsUrl, type GuestImportJson } from "@/queries/guestImports.ts";
import { useGuestsArea } from "../GuestsContext.ts";

/**
 * What a finished import did: guests created and updated, rows refused, rows imported without some of
 * their values, and the per-row report of both.
 */
export function ImportReport({ guestImport }: { guestImport: GuestImportJson }) {
  const { t } = useTranslation("web");
  const { accountId, event } = useGuestsArea();
  return (
    <Alert color="green" variant="light" title={t("guests.import.summary")} data-testid="import-summary">
      <Text size="sm">{t("guests.import.created", { count: guestImport.createdRows })}</Text>
      <Text size="sm">{t("guests.import.updated", { count: guestImport.updatedRows })}</Text>
      <Text size="sm">{t("guests.import.failedRows", { count: guestImport.failedRows })}</Text>
      {guestImport.warningRows > 0 && (
        <Text size="sm">{t("guests.import.warningRows", { count: guestImport.warningRows })}</Text>
      )}
      {guestImport.hasErrorReport && (
        <Anchor href={importErrorsUrl(accountId, event.id, guestImport.id)} download size="sm">
          {t("guests.import.errorReport")}
        </Anchor>
      )}
    </Alert>
  );
}
