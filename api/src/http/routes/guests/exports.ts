import { Type } from "@sinclair/typebox";
import { EventScopedParams, GuestListQuery } from "@tessera/shared";
import { findEventFor } from "../../../services/events/find.ts";
import { exportGuests } from "../../../services/guests/export/export.ts";
import { defineRoute, type Route } from "../define.ts";

const { page: _page, perPage: _perPage, ...listFilters } = GuestListQuery.properties;

export const GuestExportQuery = Type.Object({
  ...listFilters,
  format: Type.Optional(Type.Union([Type.Literal("csv"), Type.Literal("xlsx")], { default: "csv" })),
  columns: Type.Optional(
    Type.String({ maxLength: 4000, description: "comma-joined guest fields and cf:<custom field id>" }),
  ),
  separator: Type.Optional(
    Type.Union([Type.Literal(","), Type.Literal(";")], { description: "CSV only; default `;`" }),
  ),
});

export const guestExportRoutes: Route[] = [
  defineRoute({
    method: "get",
    path: "/events/:a/:e/users/export",
    summary: "Export the filtered guest list (CSV or XLSX)",
    description:
      "Anyone who may read the event's guests. The list's filters, search, view and sort; `columns` chooses " +
      "the columns (custom fields headed `label [id]` so a re-import maps them). CSV is UTF-8 with BOM, `;` " +
      "or `,`. Any cell starting with =, +, -, @, TAB or CR is prefixed with '. Failure: 500 export_failed.",
    tags: ["guests"],
    params: EventScopedParams,
    query: GuestExportQuery,
    errors: [404, 422, 500],
    handler: async (ctx, { params, query }) => {
      const { event } = await findEventFor(ctx.deps.db, ctx.state.actor, "read", params.a, params.e);
      const { format, columns, separator, ...list } = query;
      const result = await exportGuests(ctx, event, list, {
        format: format ?? "csv",
        columns,
        separator: separator ?? ";",
      });
      ctx.type = result.contentType;
      ctx.attachment(result.fileName);
      ctx.body = result.body;
      return undefined;
    },
  }),
];
