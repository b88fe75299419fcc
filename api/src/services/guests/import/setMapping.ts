import { AppError } from "../../../errors.ts";
import type { ImportMapping } from "../../../models/GuestImport.ts";
import type { EventKey } from "../../events/find.ts";
import type { Scope } from "../../scope.ts";
import { listCustomFields } from "../customFields.ts";
import { checkRows } from "./checkRows.ts";
import { findGuestImportFor, importView, type GuestImportView } from "./findImport.ts";
import { openImportRows } from "./importFileRows.ts";
import { RowFacts } from "./planFacts.ts";
import { saveErrorReport } from "./storedFiles.ts";
import type { ImportRowError } from "./validateRow.ts";

export const SAMPLE_ERRORS = 50;

/**
 * Step 2 (events.update): records the mapping (column index → target; empty targets ignored) after
 * checking every row against it; nothing is written to guests. Only an uploaded or mapped import. The
 * import's counts (refused rows, warnings) are over every row; the answer samples the first of each.
 */
export async function setGuestImportMapping(
  scope: Scope,
  key: EventKey,
  id: string,
  mapping: Record<string, string | null | undefined>,
): Promise<GuestImportView & { sampleErrors: ImportRowError[]; sampleWarnings: ImportRowError[] }> {
  const { event, guestImport } = await findGuestImportFor(scope, key, id, "update");
  if (guestImport.status !== "uploaded" && guestImport.status !== "mapped") {
    throw new AppError("import_not_editable", 409);
  }
  const targets: ImportMapping = Object.fromEntries(
    Object.entries(mapping).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const fields = await listCustomFields(scope.db, event.id);
  const file = await openImportRows(scope.deps.storage, guestImport);
  const facts = new RowFacts();
  const checked = await checkRows(file, targets, fields, (row) => facts.add(row));
  if (checked.mappingIssues.length) throw AppError.invalid(checked.mappingIssues);
  const errorReportKey = await saveErrorReport(scope.deps, guestImport, checked);
  const updated = await guestImport.$query(scope.db).patchAndFetch({
    status: "mapped",
    mapping: targets,
    totalRows: checked.totalRows,
    failedRows: checked.failedRows,
    warningRows: checked.warningRows,
    warningCells: checked.warnings.length,
    errorReportKey,
    planFacts: facts.facts(fields),
  });
  return {
    ...importView(updated),
    sampleErrors: checked.errors.slice(0, SAMPLE_ERRORS),
    sampleWarnings: checked.warnings.slice(0, SAMPLE_ERRORS),
  };
}
