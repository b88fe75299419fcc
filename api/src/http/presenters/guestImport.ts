import type { GuestImportJson, GuestImportMappingJson, GuestImportUploadJson, TFunction } from "@tessera/shared";
import type { GuestImportView } from "../../services/guests/import/findImport.ts";
import type { UploadResult } from "../../services/guests/import/upload.ts";
import type { ImportRowError } from "../../services/guests/import/validateRow.ts";

export function presentGuestImport({ guestImport, processedRows }: GuestImportView): GuestImportJson {
  return {
    id: guestImport.id,
    eventId: guestImport.eventId,
    status: guestImport.status,
    fileName: guestImport.fileName,
    encoding: guestImport.encoding,
    separator: guestImport.separator,
    sourceFormat: guestImport.sourceFormat,
    hasHeaders: guestImport.hasHeaders,
    headers: guestImport.headers,
    mapping: guestImport.mapping,
    totalRows: guestImport.totalRows,
    processedRows,
    createdRows: guestImport.createdRows,
    updatedRows: guestImport.updatedRows,
    failedRows: guestImport.failedRows,
    warningRows: guestImport.warningRows,
    warningCells: guestImport.warningCells,
    writtenGuests: guestImport.writtenGuests,
    hasErrorReport: Boolean(guestImport.errorReportKey) && (guestImport.failedRows > 0 || guestImport.warningCells > 0),
    startedAt: guestImport.startedAt?.toISOString() ?? null,
    finishedAt: guestImport.finishedAt?.toISOString() ?? null,
    createdAt: guestImport.createdAt.toISOString(),
  };
}

/** Step 1's answer: the import, its preview, the suggested mapping and the column issues in the reader's language. */
export function presentImportUpload(result: UploadResult, t: TFunction): GuestImportUploadJson {
  return {
    import: presentGuestImport(result),
    preview: result.preview,
    suggestedMapping: result.suggestedMapping,
    columnIssues: result.columnIssues.map((issue) => ({ ...issue, message: t(`validation:${issue.code}`) })),
  };
}

/** Step 2's answer: the import (its true counts) and its first row errors and warnings in the reader's language. */
export function presentImportMapping(
  result: GuestImportView & { sampleErrors: readonly ImportRowError[]; sampleWarnings: readonly ImportRowError[] },
  t: TFunction,
): GuestImportMappingJson {
  const present = (problem: ImportRowError) => ({
    ...problem,
    message: t(`validation:${problem.code}`, { ...problem.params }),
  });
  return {
    import: presentGuestImport(result),
    sampleErrors: result.sampleErrors.map(present),
    sampleWarnings: result.sampleWarnings.map(present),
  };
}
