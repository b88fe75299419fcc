import type { GuestImportStatus, ImportEncoding } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

/** Column index (as a string, JSON keys) → target: a guest field name or `customField:<id>`. */
export type ImportMapping = Record<string, string>;

/**
 * What the mapping step learns of the file while it checks every row, for the job to plan without reading
 * and checking the whole file again (services/guests/import/planFacts.ts). Valid for the fields it was
 * checked against only.
 */
export interface PlanFacts {
  /** The event's custom fields as the rows were checked against them (a fingerprint). */
  fields: string;
  /** Each email that may be on more than one row, and the line of its last row. */
  repeatedEmails: Array<[string, number]>;
  /** Rows without an email: matching them to existing guests depends on the guests when the job runs. */
  namelessRows: number;
}

/** One uploaded guest file on its way through mapping and processing (spec §3 CSV import). */
export class GuestImport extends BaseModel {
  static override tableName = "guest_imports";
  static override booleanAttributes = ["hasHeaders"];
  static override timestampAttributes = ["startedAt", "finishedAt", "heartbeatAt", "createdAt", "updatedAt"];
  static override get jsonAttributes() {
    return ["headers", "mapping", "planFacts"];
  }

  declare accountId: string;
  declare eventId: string;
  declare createdBy: string | null;
  declare status: GuestImportStatus;
  declare fileName: string | null;
  declare fileKey: string;
  declare encoding: ImportEncoding;
  declare separator: string;
  /** The file as uploaded: CSV, or an Excel workbook whose first sheet was stored as CSV. */
  declare sourceFormat: "csv" | "xlsx";
  declare hasHeaders: boolean;
  declare headers: string[];
  declare mapping: ImportMapping | null;
  declare totalRows: number;
  declare processedRows: number;
  declare createdRows: number;
  declare updatedRows: number;
  /** Rows refused (nothing of them imported). */
  declare failedRows: number;
  /** Rows imported without one or more of their values (a bad optional cell), and how many such cells. */
  declare warningRows: number;
  declare warningCells: number;
  /** Guests committed by runs so far: on SQLite, where an import commits in batches, a new run resumes here. */
  declare writtenGuests: number;
  declare errorReportKey: string | null;
  /** What the mapping step learnt of the file, for the job to plan without reading it again. */
  declare planFacts: PlanFacts | null;
  declare startedAt: Date | null;
  declare finishedAt: Date | null;
  declare heartbeatAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
