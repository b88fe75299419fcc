import type { GuestImportStatus, ImportEncoding } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

/** Column index (as a string, JSON keys) → target: a guest field name or `customField:<id>`. */
export type ImportMapping = Record<string, string>;

/** One uploaded guest file on its way through mapping and processing (spec §3 CSV import). */
export class GuestImport extends BaseModel {
  static override tableName = "guest_imports";
  static override booleanAttributes = ["hasHeaders"];
  static override timestampAttributes = ["startedAt", "finishedAt", "heartbeatAt", "createdAt", "updatedAt"];
  static override get jsonAttributes() {
    return ["headers", "mapping"];
  }

  accountId!: string;
  eventId!: string;
  createdBy!: string | null;
  status!: GuestImportStatus;
  fileName!: string | null;
  fileKey!: string;
  encoding!: ImportEncoding;
  separator!: string;
  /** The file as uploaded: CSV, or an Excel workbook whose first sheet was stored as CSV. */
  sourceFormat!: "csv" | "xlsx";
  hasHeaders!: boolean;
  headers!: string[];
  mapping!: ImportMapping | null;
  totalRows!: number;
  processedRows!: number;
  createdRows!: number;
  updatedRows!: number;
  /** Rows refused (nothing of them imported). */
  failedRows!: number;
  /** Rows imported without one or more of their values (a bad optional cell), and how many such cells. */
  warningRows!: number;
  warningCells!: number;
  /** Guests committed by runs so far: on SQLite, where an import commits in batches, a new run resumes here. */
  writtenGuests!: number;
  errorReportKey!: string | null;
  startedAt!: Date | null;
  finishedAt!: Date | null;
  heartbeatAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;
}
