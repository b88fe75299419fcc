import { ORDER_STATUSES, personName, type OrderStatus } from "@tessera/shared";
import type { OrderExportQuery, OrderListQuery } from "@tessera/shared/schemas/ticketingOrders";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Order } from "../../models/Order.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import type { Scope } from "../scope.ts";

/*
 * The Order history (issue 14 item 7, spec §2 "orders filtered by status"): an event's orders filtered by status,
 * a search on the reference and the buyer, a date range and the mode; a page of them newest first with the buyer's
 * name, units and what was refunded, and the filter's count of orders by status for the status tabs.
 */

export interface OrderSummaryRow {
  order: Order;
  orderedBy: string | null;
  buyerEmail: string | null;
  refundedCents: number;
  units: number;
}

export interface OrderListPage {
  rows: OrderSummaryRow[];
  page: number;
  perPage: number;
  total: number;
  counts: Record<string, number>;
}

type OrderFilter = Pick<OrderListQuery, "status" | "search" | "from" | "to" | "mode">;

/** The statuses asked for (comma-joined), each a status: 422 invalid_value otherwise. */
function statusesOf(text: string | undefined): OrderStatus[] | null {
  if (!text?.trim()) return null;
  const statuses = text.split(",").map((status) => status.trim());
  if (statuses.some((status) => !(ORDER_STATUSES as readonly string[]).includes(status)))
    throw AppError.invalid([{ field: "status", code: "invalid_value" }]);
  return statuses as OrderStatus[];
}

/** The event's orders the filter keeps, but for their status (orders `o`, their buyer `g`). */
export function filteredOrders(db: Knex, eventId: string, filter: Omit<OrderFilter, "status">) {
  const query = db("orders as o").leftJoin("guests as g", "g.id", "o.guestId").where("o.eventId", eventId);
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    query.where((where) => {
      for (const column of [
        "o.reference",
        "o.email",
        "o.billing_name",
        "g.first_name",
        "g.last_name",
        "g.email",
        "g.company",
      ])
        where.orWhereRaw("lower(??) like ? escape '\\'", [column, like]);
      where.orWhereRaw("lower(g.first_name || ' ' || g.last_name) like ? escape '\\'", [like]);
    });
  }
  if (filter.from) query.where("o.orderedAt", ">=", new Date(filter.from).toISOString());
  if (filter.to) query.where("o.orderedAt", "<=", new Date(filter.to).toISOString());
  if (filter.mode) query.where("o.mode", filter.mode);
  return query;
}

/** Units ordered and refunded cents of each order, in two grouped reads. */
async function figuresOf(db: Knex, orderIds: string[]) {
  if (!orderIds.length) return { units: new Map<string, number>(), refunded: new Map<string, number>() };
  const [units, refunded] = await Promise.all([
    db("orderItems").whereIn("orderId", orderIds).groupBy("orderId").select("orderId", db.raw("sum(quantity) as n")),
    db("refunds")
      .whereIn("orderId", orderIds)
      .whereNot("status", "failed")
      .groupBy("orderId")
      .select("orderId", db.raw("sum(amount_cents) as n")),
  ]);
  const asMap = (rows: unknown) =>
    new Map((rows as { orderId: string; n: number | string }[]).map((row) => [row.orderId, Number(row.n)]));
  return { units: asMap(units), refunded: asMap(refunded) };
}

/** The filter's orders, of the statuses it asks for when it names some. */
function matchingOrders(db: Knex, eventId: string, filter: OrderFilter) {
  const statuses = statusesOf(filter.status);
  const query = filteredOrders(db, eventId, filter);
  if (statuses) query.whereIn("o.status", statuses);
  return query;
}

/** The orders' columns and their buyer's name and email. */
const withBuyer = (query: Knex.QueryBuilder) =>
  query.select("o.*", "g.firstName as buyerFirstName", "g.lastName as buyerLastName", "g.email as buyerEmail");

/** Rows read with withBuyer as the list's lines: each order with its buyer, units and what was refunded. */
async function summaryRows(db: Knex, rows: readonly Record<string, unknown>[]): Promise<OrderSummaryRow[]> {
  const orders = rows.map((row) =>
    Order.fromDatabaseJson(Object.fromEntries(Object.entries(row).filter(([name]) => !name.startsWith("buyer")))),
  );
  const figures = await figuresOf(
    db,
    orders.map((order) => order.id),
  );
  return orders.map((order, index) => {
    const row = rows[index]!;
    return {
      order,
      orderedBy: personName(row.buyerFirstName as string | null, row.buyerLastName as string | null),
      buyerEmail: (row.buyerEmail as string | null) ?? null,
      units: figures.units.get(order.id) ?? 0,
      refundedCents: figures.refunded.get(order.id) ?? 0,
    };
  });
}

const ORDER_COLUMNS = {
  orderedAt: "o.orderedAt",
  totalInclTaxCents: "o.totalInclTaxCents",
  status: "o.status",
} as const;

export async function listOrders(scope: Scope, key: EventKey, query: OrderListQuery): Promise<OrderListPage> {
  const { db } = scope;
  const { event } = await findEventByKeyFor(db, scope.actor, "read", key);
  const page = query.page ?? 1;
  const perPage = query.perPage ?? 50;
  const column = ORDER_COLUMNS[query.sort ?? "orderedAt"];
  const direction = query.order ?? "desc";
  const [rows, total, byStatus] = await Promise.all([
    withBuyer(
      matchingOrders(db, event.id, query)
        .orderBy([
          { column, order: direction },
          { column: "o.id", order: direction },
        ])
        .limit(perPage)
        .offset((page - 1) * perPage),
    ),
    matchingOrders(db, event.id, query).count({ n: "*" }).first(),
    filteredOrders(db, event.id, query).groupBy("o.status").select("o.status", db.raw("count(*) as n")),
  ]);
  const counts: Record<string, number> = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0]));
  for (const row of byStatus as { status: string; n: number | string }[]) counts[row.status] = Number(row.n);
  return {
    rows: await summaryRows(db, rows as Record<string, unknown>[]),
    page,
    perPage,
    total: Number((total as { n: number | string } | undefined)?.n ?? 0),
    counts,
  };
}

/** The export's orders (the list's filters), oldest first, a slice at a time: keyset on (ordered_at, id). */
export async function* orderSlices(
  db: Knex,
  eventId: string,
  filter: OrderExportQuery,
  size = 500,
): AsyncGenerator<OrderSummaryRow[]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const query = matchingOrders(db, eventId, filter);
    if (after) {
      const { at, id } = after;
      query.where((where) =>
        where.where("o.orderedAt", ">", at).orWhere((same) => same.where("o.orderedAt", at).where("o.id", ">", id)),
      );
    }
    const rows = (await withBuyer(
      query.orderBy([{ column: "o.orderedAt" }, { column: "o.id" }]).limit(size),
    )) as Record<string, unknown>[];
    if (!rows.length) return;
    const slice = await summaryRows(db, rows);
    yield slice;
    const last = slice[slice.length - 1]!.order;
    after = { at: last.orderedAt.toISOString(), id: last.id };
    if (rows.length < size) return;
  }
}
