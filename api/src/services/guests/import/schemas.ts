import { Type } from "@sinclair/typebox";
import { Nullable, Timestamp, Uuid } from "@tessera/shared";
import { GUEST_IMPORT_STATUSES } from "../../../models/GuestImport.ts";

/** API contracts of the three-step guest import (published in the OpenAPI document). */
export const GuestImportSchema = Type.Object({
  id: Uuid,
  eventId: Uuid,
  status: Type.Union(GUEST_IMPORT_STATUSES.map((status) => Type.Literal(status))),
  fileName: Nullable(Type.String()),
  encoding: Type.Union([Type.Literal("utf-8"), Type.Literal("windows-1252")]),
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
  failedRows: Type.Integer(),
  hasErrorReport: Type.Boolean(),
  startedAt: Nullable(Timestamp),
  finishedAt: Nullable(Timestamp),
  createdAt: Timestamp,
});

export const ImportIssueSchema = Type.Object({
  field: Type.String(),
  code: Type.String(),
  params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  message: Type.Optional(Type.String()),
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

export const ImportRowErrorSchema = Type.Object({
  line: Type.Integer({ description: "line of the file (the header line counts)" }),
  column: Type.String(),
  value: Type.String(),
  code: Type.String(),
  params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  message: Type.String(),
});

export const GuestImportMappingResult = Type.Object({
  import: GuestImportSchema,
  sampleErrors: Type.Array(ImportRowErrorSchema, { description: "the first 50 row errors; all of them in errors.csv" }),
});

export const GuestImportResult = Type.Object({ import: GuestImportSchema });
