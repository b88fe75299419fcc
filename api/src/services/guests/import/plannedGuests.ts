import type { CustomField } from "../../../models/CustomField.ts";
import type { ImportMapping } from "../../../models/GuestImport.ts";
import { EventLoopBreaks } from "../../eventLoopBreaks.ts";
import { resolveMapping } from "./columnMapping.ts";
import { foldRows, type StoredGuest } from "./guestRows.ts";
import type { ImportRows } from "./importFileRows.ts";
import type { ImportPlan } from "./importPlan.ts";
import { validateRow, type ValidRow } from "./validateRow.ts";

/** A guest to write: its row (rows of one email folded), and the guest it updates when already known. */
export interface PlannedGuest {
  row: ValidRow;
  /** Rows without an email: the guest matched in the plan, or null to create one. Rows with one: looked up. */
  base?: StoredGuest | null;
}

/**
 * The second reading: the guests of the plan, in the same order on every run (the order of the line each
 * is written at), each with how many rows of the file were read so far. Only rows of an email whose last
 * row is still to come are held.
 */
export async function* plannedGuests(
  file: ImportRows,
  plan: ImportPlan,
  mapping: ImportMapping,
  fields: readonly CustomField[],
): AsyncGenerator<{ guest: PlannedGuest; rowsRead: number }> {
  const { targets } = resolveMapping(mapping, file.headers.length, fields);
  const waiting = new Map<string, ValidRow>();
  const breaks = new EventLoopBreaks();
  let rowsRead = 0;
  for await (const record of file.rows) {
    if (breaks.due) await breaks.take();
    rowsRead += 1;
    const checked = validateRow(record, file.headers, targets);
    if (!checked.ok) continue;
    const row = checked.row;
    const email = row.emailNormalized;
    if (!email) {
      const base = plan.namelessBases.get(row.line);
      if (base !== undefined) yield { guest: { row, base }, rowsRead };
      continue;
    }
    const lastLine = plan.repeatedEmails.get(email);
    if (lastLine === undefined) {
      yield { guest: { row }, rowsRead };
      continue;
    }
    const earlier = waiting.get(email);
    const folded = earlier ? foldRows(earlier, row) : row;
    if (lastLine !== row.line) {
      waiting.set(email, folded);
      continue;
    }
    waiting.delete(email);
    yield { guest: { row: folded }, rowsRead };
  }
}
