import { Type, type Static } from "@sinclair/typebox";
import { Nullable, Timestamp, Uuid } from "./common.ts";

/** Where an import stands: uploaded (step 1), mapped (step 2), processing, then done, failed or cancelled. */
export const GUEST_IMPORT_STATUSES = ["uploaded", "mapped", "processing", "done", "failed", "cancelled"] as const;
export type GuestImportStatus = (typeof GUEST_IMPORT_STATUSES)[number];

/** How an uploaded text file is decoded (detected at upload; a workbook's CSV is UTF-8). */
export const IMPORT_ENCODINGS = ["utf-8", "windows-1252", "utf-16le", "utf-16be"] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

/** API contracts of the three-step guest import (published in the OpenAPI document). */
export const GuestImportSchema = Type.Object({
  id: Uuid,
  eventId: Uuid,
  status: Type.Union(GUEST_IMPORT_STATUSES.map((status) => Type.Literal(status))),
  fileName: Nullable(Type.String()),
  encoding: Type.Union(IMPORT_ENCODINGS.map((encoding) => Type.Literal(encoding))),
  separator: Type.String({ description: "`,`, `;` or TAB" }),
  sourceFormat: Type.Union([Type.Literal("csv"), Type.Literal("xlsx")], {
    description: "xlsx: an Excel workbook, whose first sheet was stored as CSV (UTF-8, `,`)",
  }),
  hasHeaders: Type.Boolean(),
  headers: Type.Array(Type.String()),
  mapping: Nullable(Type.Record(Type.String(), Type.String())),
  totalRows: Type.Integer(),
  processedRows: Type.Integer({ description: "progress: processedRows / totalRows" }),
  createdRows: Type.Integer(),
  updatedRows: Type.Integer(),
  failedRows: Type.Integer({ description: "rows refused (nothing of them imported), counted over every row" }),
  warningRows: Type.Integer({
    description: "rows imported without one or more of their values (a bad cell of an optional field)",
  }),
  warningCells: Type.Integer({ description: "the cells left out of imported rows, counted over every row" }),
  writtenGuests: Type.Integer({
    description:
      "guests already committed by its runs: on SQLite an import commits in batches, and a failed import with " +
      "writtenGuests > 0 resumes after them when processed again (on PostgreSQL an import is all or nothing: 0 " +
      "until it is done)",
  }),
  hasErrorReport: Type.Boolean({ description: "errors.csv lists refused rows or warnings" }),
  startedAt: Nullable(Timestamp),
  finishedAt: Nullable(Timestamp),
  createdAt: Timestamp,
});
/** Import of a guest file (three steps: upload, mapping, process), as the API presents it. */
export type GuestImportJson = Static<typeof GuestImportSchema>;

export const ImportIssueSchema = Type.Object({
  field: Type.String(),
  code: Type.String(),
  params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  message: Type.Optional(Type.String()),
});
export type ImportIssueJson = Static<typeof ImportIssueSchema>;

/** The fields of the multipart upload (step 1). */
export const ImportUploadForm = Type.Object({
  file: Type.String({
    contentMediaType: "text/csv",
    description:
      "CSV (UTF-8 with or without BOM, or Windows-1252; `,` `;` or TAB) or an Excel .xlsx workbook, whose first sheet is read",
  }),
  hasHeaders: Type.Optional(Type.String({ enum: ["1", "0", "true", "false"], description: "default 1" })),
});

export const GuestImportUploadResult = Type.Object({
  import: GuestImportSchema,
  preview: Type.Array(Type.Array(Type.String()), { description: "the first 10 data rows" }),
  suggestedMapping: Type.Record(Type.String(), Type.String(), {
    description:
      "column index → guest field (firstName, lastName, email, civility, company, jobTitle, status, companionsExpected, prescriber, language) or `customField:<id>`",
  }),
  columnIssues: Type.Array(ImportIssueSchema, {
    description: "columns headed by the id of a field that is not a custom field of this event (`columns.<index>`)",
  }),
});
export type GuestImportUploadJson = Static<typeof GuestImportUploadResult>;

export const GuestImportMappingBody = Type.Object(
  {
    mapping: Type.Record(
      Type.String({ pattern: "^[0-9]{1,4}$" }),
      Type.Union([Type.String({ maxLength: 60 }), Type.Null()]),
      {
        description: "column index → target (a guest field or `customField:<id>`); null or absent: ignored",
      },
    ),
  },
  { additionalProperties: false },
);
export type GuestImportMappingBody = Static<typeof GuestImportMappingBody>;

export const ImportRowErrorSchema = Type.Object({
  line: Type.Integer({ description: "line of the file (the header line counts)" }),
  column: Type.String(),
  value: Type.String(),
  code: Type.String(),
  params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  message: Type.String(),
});
export type ImportRowErrorJson = Static<typeof ImportRowErrorSchema>;

export const GuestImportMappingResult = Type.Object({
  import: GuestImportSchema,
  sampleErrors: Type.Array(ImportRowErrorSchema, {
    description: "the first 50 problems of refused rows; all of them in errors.csv, the count in import.failedRows",
  }),
  sampleWarnings: Type.Array(ImportRowErrorSchema, {
    description:
      "the first 50 cells left out of rows that are imported (a bad value of an optional field); all of them in " +
      "errors.csv, the counts in import.warningRows and import.warningCells",
  }),
});
export type GuestImportMappingJson = Static<typeof GuestImportMappingResult>;

export const GuestImportResult = Type.Object({ import: GuestImportSchema });
export type GuestImportResultJson = Static<typeof GuestImportResult>;
