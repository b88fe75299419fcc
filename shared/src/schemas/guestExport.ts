import { Type, type Static } from "@sinclair/typebox";
import { LanguageSchema } from "./common.ts";
import { GuestListQuery } from "./guests.ts";

const { page: _page, perPage: _perPage, ...listFilters } = GuestListQuery.properties;

/** The guest list's filters, search, view and sort (no paging), and the file's format and columns. */
export const GuestExportQuery = Type.Object({
  ...listFilters,
  format: Type.Optional(Type.Union([Type.Literal("csv"), Type.Literal("xlsx")], { default: "csv" })),
  columns: Type.Optional(
    Type.String({ maxLength: 4000, description: "comma-joined guest fields and cf:<custom field id>" }),
  ),
  separator: Type.Optional(
    Type.Union([Type.Literal(","), Type.Literal(";")], { description: "CSV only; default `;`" }),
  ),
  lang: Type.Optional(
    Type.Union([LanguageSchema], {
      description:
        "The language of the column titles and coded values (a download link carries the screen's); default: Accept-Language",
    }),
  ),
});
export type GuestExportQuery = Static<typeof GuestExportQuery>;
