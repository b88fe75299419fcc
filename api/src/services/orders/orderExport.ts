import { resources, type Language } from "@tessera/shared";
import type { OrderExportQuery } from "@tessera/shared/schemas/ticketingOrders";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { Order } from "../../models/Order.ts";
import { OrderItem } from "../../models/OrderItem.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { textCell, type ExportColumn } from "../guests/export/columns.ts";
import { csvFile } from "../guests/export/csv.ts";
import { exportFileName, type ExportResult } from "../guests/export/export.ts";
import { xlsxFile } from "../guests/export/xlsx.ts";
import { codedValueLabel } from "../guests/screenLabels.ts";
import type { Scope } from "../scope.ts";
import { ticketCaptions } from "./guestOrders.ts";
import { orderSlices, type OrderSummaryRow } from "./orderList.ts";

/*
 * The Order history as a file (spec §7 orders/export): one line an item, with its order's reference, date,
 * status, buyer, billing address, coupons and totals, as CSV or XLSX, streamed a slice of orders at a time in
 * constant memory (the guest export's writers: formula cells neutralised, text cells never evaluated).
 */

interface ExportLine {
  row: OrderSummaryRow;
  coupons: string;
  item: OrderItem | null;
  caption: string;
}

type Labels = (typeof resources)["en"]["documents"]["orders_export"];

const euros = (cents: number) => (cents / 100).toFixed(2);

function columnsFor(labels: Labels, language: Language): ExportColumn<ExportLine>[] {
  const text = (header: string, read: (line: ExportLine) => string | null | undefined): ExportColumn<ExportLine> => ({
    header,
    text: (line) => read(line) ?? "",
    cell: (line) => {
      const value = read(line) ?? "";
      return value === "" ? null : textCell(value);
    },
  });
  const number = (header: string, read: (line: ExportLine) => number | null): ExportColumn<ExportLine> => ({
    header,
    text: (line) => {
      const value = read(line);
      return value === null ? "" : String(value);
    },
    cell: (line) => read(line),
  });
  const money = (header: string, read: (line: ExportLine) => number | null): ExportColumn<ExportLine> => ({
    header,
    text: (line) => {
      const value = read(line);
      return value === null ? "" : euros(value);
    },
    cell: (line) => {
      const value = read(line);
      return value === null ? null : value / 100;
    },
    numFmt: "0.00",
  });
  const order = (line: ExportLine): Order => line.row.order;
  const methods = labels.payment_methods as Record<string, string>;
  return [
    text(labels.reference, (line) => order(line).reference),
    {
      header: labels.ordered_at,
      text: (line) => order(line).orderedAt.toISOString(),
      cell: (line) => order(line).orderedAt,
      numFmt: "yyyy-mm-dd hh:mm",
    },
    text(labels.status, (line) => codedValueLabelOfStatus(language, order(line).status)),
    text(labels.payment_method, (line) => {
      const method = order(line).paymentMethod;
      return method ? (methods[method] ?? method) : "";
    }),
    text(labels.mode, (line) => labels[order(line).mode]),
    text(labels.buyer, (line) => line.row.orderedBy),
    text(labels.email, (line) => order(line).email),
    text(labels.customer, (line) =>
      order(line).isCompany === null ? "" : order(line).isCompany ? labels.company : labels.individual,
    ),
    text(labels.billing_name, (line) => order(line).billingName),
    text(labels.address, (line) => order(line).address),
    text(labels.zip, (line) => order(line).zip),
    text(labels.city, (line) => order(line).city),
    text(labels.siret, (line) => order(line).siret),
    text(labels.coupons, (line) => line.coupons),
    text(labels.ticket, (line) => line.caption),
    number(labels.quantity, (line) => line.item?.quantity ?? null),
    number(labels.refunded_quantity, (line) => line.item?.refundedQuantity ?? null),
    money(labels.unit_price_excl_tax, (line) => line.item?.unitPriceExclTaxCents ?? null),
    number(labels.vat_rate, (line) => line.item?.taxPercent ?? null),
    money(labels.unit_price_incl_tax, (line) => line.item?.unitPriceInclTaxCents ?? null),
    money(labels.discount, (line) => line.item?.discountInclTaxCents ?? null),
    money(labels.order_total_excl_tax, (line) => order(line).totalExclTaxCents),
    money(labels.order_total_incl_tax, (line) => order(line).totalInclTaxCents),
    money(labels.refunded, (line) => line.row.refundedCents),
  ];
}

/** An order status as the screens word it (the guests' orders' labels). */
function codedValueLabelOfStatus(language: Language, status: string): string {
  const labels = (resources[language].web.guests as { orders?: { status?: Record<string, string> } }).orders?.status;
  return labels?.[status] ?? codedValueLabel(language, "status", status);
}

/** Each slice of orders as its lines: items and coupon codes read in one query each. */
async function* linesOf(db: Knex, slices: AsyncIterable<OrderSummaryRow[]>): AsyncGenerator<ExportLine[]> {
  for await (const rows of slices) {
    const ids = rows.map((row) => row.order.id);
    const [items, coupons] = await Promise.all([
      OrderItem.query(db).whereIn("orderId", ids).orderBy("createdAt").orderBy("id"),
      db("orderCoupons as oc")
        .join("coupons as c", "c.id", "oc.couponId")
        .whereIn("oc.orderId", ids)
        .orderBy("c.code")
        .select("oc.orderId", "c.code") as Promise<{ orderId: string; code: string }[]>,
    ]);
    const captions = await ticketCaptions(
      db,
      items.map((item) => item.ticketId),
    );
    const itemsOf = new Map<string, OrderItem[]>();
    for (const item of items) itemsOf.set(item.orderId, [...(itemsOf.get(item.orderId) ?? []), item]);
    const codesOf = new Map<string, string[]>();
    for (const coupon of coupons) codesOf.set(coupon.orderId, [...(codesOf.get(coupon.orderId) ?? []), coupon.code]);
    yield rows.flatMap((row): ExportLine[] => {
      const codes = (codesOf.get(row.order.id) ?? []).join(", ");
      const orderItems = itemsOf.get(row.order.id) ?? [];
      if (!orderItems.length) return [{ row, coupons: codes, item: null, caption: "" }];
      return orderItems.map((item) => ({ row, coupons: codes, item, caption: captions.get(item.ticketId) ?? "" }));
    });
  }
}

export async function exportOrders(scope: Scope, key: EventKey, query: OrderExportQuery): Promise<ExportResult> {
  const { format = "csv", ...filter } = query;
  const language = scope.language;
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const labels = resources[language].documents.orders_export;
  const columns = columnsFor(labels, language);
  // Bad filters (an unknown status) surface before the first byte, as 422.
  const slices = orderSlices(scope.db, event.id, filter);
  const first = await slices.next().catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    scope.logger.error({ err: error }, "order export failed");
    throw new AppError("export_failed", 500);
  });
  async function* all(): AsyncGenerator<OrderSummaryRow[]> {
    if (first.done) return;
    yield first.value;
    yield* slices;
  }
  const lines = linesOf(scope.db, all());
  const stamp = scope.clock.now().toISOString().slice(0, 10);
  const name = exportFileName(event.name, labels.file, stamp);
  const cutShort = (error: unknown) => scope.logger.error({ err: error }, "order export failed");
  if (format === "xlsx")
    return {
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      fileName: `${name}.xlsx`,
      body: xlsxFile(columns, lines, cutShort, labels.sheet),
    };
  return {
    contentType: "text/csv; charset=utf-8",
    fileName: `${name}.csv`,
    body: csvFile(columns, ";", lines, cutShort),
  };
}
