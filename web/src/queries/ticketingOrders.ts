import {
  keepPreviousData,
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { orderContracts } from "@tessera/shared/contracts/ticketingOrders";
import type { Language } from "@tessera/shared/i18n/languages";
import { api } from "./api.ts";
import { auditLogKeys } from "./auditLogs.ts";
import { guestKeys } from "./guests.ts";
import { ticketingKeys } from "./ticketing.ts";

type OrderContracts = typeof orderContracts;
export type OrderPageJson = ContractOutput<OrderContracts["list"]>;
export type OrderSummaryJson = OrderPageJson["data"][number];
export type OrderDetailJson = ContractOutput<OrderContracts["get"]>;
export type OrderAction = OrderDetailJson["actions"][number];
export type OrderItemJson = OrderDetailJson["items"][number];
export type OrderInvoiceJson = OrderDetailJson["invoices"][number];
export type OrdersListQuery = NonNullable<ContractInput<OrderContracts["list"]>["query"]>;
export type OrdersExportQuery = NonNullable<ContractInput<OrderContracts["export"]>["query"]>;
export type OrderCreateBody = ContractInput<OrderContracts["create"]>["body"];
export type OrderUpdateBody = ContractInput<OrderContracts["update"]>["body"];
export type OrderConfirmBody = ContractInput<OrderContracts["confirm"]>["body"];
export type OrderAwaitBody = ContractInput<OrderContracts["await"]>["body"];
export type OrderRefundBody = ContractInput<OrderContracts["refund"]>["body"];
/** The offline ways an organizer records (create order, await). */
export type OfflinePaymentMethod = OrderAwaitBody["paymentMethod"];

/** The cache keys of an event's orders, beside its ticketing catalogue's: every page of the history, one order. */
export const orderKeys = {
  all: (accountId: string, eventId: string) => ["ticketing", accountId, eventId, "orders"] as const,
  lists: (accountId: string, eventId: string) => ["ticketing", accountId, eventId, "orders", "list"] as const,
  list: (accountId: string, eventId: string, query: OrdersListQuery) =>
    ["ticketing", accountId, eventId, "orders", "list", query] as const,
  one: (accountId: string, eventId: string, orderId: string) =>
    ["ticketing", accountId, eventId, "orders", "one", orderId] as const,
};

export const ORDERS_PER_PAGE = 50;

/** One page of the Order history, as its address asks for it, with the filter's counts by status. */
export function ordersPageQuery(accountId: string, eventId: string, query: OrdersListQuery) {
  return queryOptions({
    queryKey: orderKeys.list(accountId, eventId, query),
    queryFn: () => api.orders.list({ params: { a: accountId, e: eventId }, query }),
  });
}

export function useOrdersPage(accountId: string, eventId: string, query: OrdersListQuery) {
  // The page shown stays while the next one loads (no flash of an empty table between filters).
  return useQuery({ ...ordersPageQuery(accountId, eventId, query), placeholderData: keepPreviousData });
}

/** One order with its items, coupons, payments, refunds, invoices, timeline and the actions it allows. */
export function orderQuery(accountId: string, eventId: string, orderId: string) {
  return queryOptions({
    queryKey: orderKeys.one(accountId, eventId, orderId),
    queryFn: () => api.orders.get({ params: { a: accountId, e: eventId, id: orderId } }),
  });
}

export function useOrder(accountId: string, eventId: string, orderId: string) {
  return useQuery(orderQuery(accountId, eventId, orderId));
}

/** Where the browser downloads the history's filter as a file (a link, not a fetch). */
export function ordersExportUrl(accountId: string, eventId: string, query: OrdersExportQuery): string {
  return api.orders.export.url({ params: { a: accountId, e: eventId }, query });
}

/** Where the browser downloads an invoice's or credit note's PDF. */
export function invoicePdfUrl(accountId: string, eventId: string, invoiceId: string, language?: Language): string {
  return api.invoices.pdf.url({
    params: { a: accountId, e: eventId, id: invoiceId },
    ...(language ? { query: { language } } : {}),
  });
}

/**
 * Puts an order as the API answered it in the cache; the history's pages, the buyer's orders and tickets, the
 * catalogue (places sold) and the account's history are stale.
 */
export function storeOrder(queryClient: QueryClient, accountId: string, eventId: string, order: OrderDetailJson) {
  queryClient.setQueryData(orderKeys.one(accountId, eventId, order.id), order);
  void queryClient.invalidateQueries({ queryKey: orderKeys.lists(accountId, eventId) });
  void queryClient.invalidateQueries({ queryKey: ticketingKeys.tickets(accountId, eventId) });
  const guestIds = new Set([order.guestId, ...order.items.map((item) => item.holderGuestId)]);
  for (const guestId of guestIds) {
    if (guestId) void queryClient.invalidateQueries({ queryKey: guestKeys.one(accountId, eventId, guestId) });
  }
  void queryClient.invalidateQueries({ queryKey: auditLogKeys.all(accountId) });
}

/** A mutation whose answer is the order as it now stands: kept in the cache, what it changed marked stale. */
function orderMutation<Input>(
  queryClient: QueryClient,
  accountId: string,
  eventId: string,
  send: (input: Input) => Promise<OrderDetailJson>,
) {
  return mutationOptions({
    mutationFn: send,
    onSuccess: (order: OrderDetailJson) => storeOrder(queryClient, accountId, eventId, order),
  });
}

/** The organizer's order for a guest: completed when paid, else awaiting its payment. */
export function createOrderMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return orderMutation(queryClient, accountId, eventId, (body: OrderCreateBody) =>
    api.orders.create({ params: { a: accountId, e: eventId }, body }),
  );
}

/** Corrects an order's billing address and contact. */
export function updateOrderMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return orderMutation(queryClient, accountId, eventId, ({ id, body }: { id: string; body: OrderUpdateBody }) =>
    api.orders.update({ params: { a: accountId, e: eventId, id }, body }),
  );
}

/** The payment of an order awaiting it was received: completed, its invoice issued. */
export function confirmOrderMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return orderMutation(queryClient, accountId, eventId, ({ id, body }: { id: string; body: OrderConfirmBody }) =>
    api.orders.confirm({ params: { a: accountId, e: eventId, id }, body }),
  );
}

/** An order in cart placed awaiting an offline payment, its places held. */
export function awaitOrderMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return orderMutation(queryClient, accountId, eventId, ({ id, body }: { id: string; body: OrderAwaitBody }) =>
    api.orders.await({ params: { a: accountId, e: eventId, id }, body }),
  );
}

/** Cancels an unpaid order: its places are released. */
export function cancelOrderMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return orderMutation(queryClient, accountId, eventId, (id: string) =>
    api.orders.cancel({ params: { a: accountId, e: eventId, id } }),
  );
}

/** Refunds an order: every unit left without `items`, else the units given. */
export function refundOrderMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return orderMutation(queryClient, accountId, eventId, ({ id, body }: { id: string; body: OrderRefundBody }) =>
    api.orders.refund({ params: { a: accountId, e: eventId, id }, body }),
  );
}

export function useCreateOrder(accountId: string, eventId: string) {
  return useMutation(createOrderMutation(useQueryClient(), accountId, eventId));
}

export function useUpdateOrder(accountId: string, eventId: string) {
  return useMutation(updateOrderMutation(useQueryClient(), accountId, eventId));
}

export function useConfirmOrder(accountId: string, eventId: string) {
  return useMutation(confirmOrderMutation(useQueryClient(), accountId, eventId));
}

export function useAwaitOrder(accountId: string, eventId: string) {
  return useMutation(awaitOrderMutation(useQueryClient(), accountId, eventId));
}

export function useCancelOrder(accountId: string, eventId: string) {
  return useMutation(cancelOrderMutation(useQueryClient(), accountId, eventId));
}

export function useRefundOrder(accountId: string, eventId: string) {
  return useMutation(refundOrderMutation(useQueryClient(), accountId, eventId));
}
