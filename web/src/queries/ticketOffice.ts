import { keepPreviousData, mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { ticketOfficeContracts } from "@tessera/shared/contracts/ticketOffice";
import type { CartRequest } from "@tessera/shared/schemas/ticketOffice";
import { api } from "./api.ts";
import { asGuest, portalKeys, retryGuestRead } from "./portal.ts";

type Contracts = typeof ticketOfficeContracts;
/** The event's ticket office as the registration form shows it: open or not, its tickets, methods and card form. */
export type TicketOfficeJson = ContractOutput<Contracts["office"]>;
export type OfficeTicketJson = TicketOfficeJson["tickets"][number];
export type OfficeCategoryJson = TicketOfficeJson["categories"][number];
export type QuoteJson = ContractOutput<Contracts["quote"]>;
/** An order as its buyer sees it: the payment step, "my orders". */
export type BuyerOrderJson = ContractOutput<Contracts["order"]>;
export type BuyerPayBody = ContractInput<Contracts["pay"]>["body"];
export type BuyerPayAnswer = ContractOutput<Contracts["pay"]>;
export type BuyerPaymentMethod = BuyerPayBody["method"];
/** A ticket the signed-in guest holds, whoever bought it ("my tickets"). */
export type PortalTicketJson = ContractOutput<Contracts["myTickets"]>["data"][number];
export type { CartRequest };

/** The cache keys of the buyer's side: the office, a cart's quote, an order by its link; "my orders" and "my tickets" are the portal's. */
export const ticketOfficeKeys = {
  all: (eventSlug: string) => ["ticketOffice", eventSlug] as const,
  office: (eventSlug: string) => ["ticketOffice", eventSlug, "office"] as const,
  quote: (eventSlug: string, cart: CartRequest) => ["ticketOffice", eventSlug, "quote", cart] as const,
  order: (eventSlug: string, orderId: string, secret: string) =>
    ["ticketOffice", eventSlug, "order", orderId, secret] as const,
  myOrders: (eventSlug: string) => [...portalKeys.all(eventSlug), "orders"] as const,
  myTickets: (eventSlug: string) => [...portalKeys.all(eventSlug), "tickets"] as const,
};

/** The event's ticket office (anonymous): whether it sells now, its tickets at today's price, places left. */
export function ticketOfficeQuery(eventSlug: string) {
  return queryOptions({
    queryKey: ticketOfficeKeys.office(eventSlug),
    queryFn: () => api.ticketOffice.office({ params: { event: eventSlug } }),
    staleTime: 30_000,
  });
}

export function useTicketOffice(eventSlug: string, enabled = true) {
  return useQuery({ ...ticketOfficeQuery(eventSlug), enabled });
}

/**
 * A cart priced as it would be placed now (nothing held): its lines, coupons, VAT and total. A refusal (a coupon,
 * an option alone, places gone) is the query's error, in the page's language.
 */
export function quoteQuery(eventSlug: string, cart: CartRequest) {
  return queryOptions({
    queryKey: ticketOfficeKeys.quote(eventSlug, cart),
    queryFn: () => api.ticketOffice.quote({ params: { event: eventSlug }, body: cart }),
    staleTime: 30_000,
  });
}

/** The live quote of the cart being chosen: the last one stays shown while the next is asked. */
export function useQuote(eventSlug: string, cart: CartRequest) {
  return useQuery({
    ...quoteQuery(eventSlug, cart),
    enabled: cart.items.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** An order by its buyer's secret link: what the payment step shows. */
export function buyerOrderQuery(eventSlug: string, orderId: string, secret: string) {
  return queryOptions({
    queryKey: ticketOfficeKeys.order(eventSlug, orderId, secret),
    queryFn: () => api.ticketOffice.order({ params: { event: eventSlug, id: orderId, secret } }),
  });
}

export function useBuyerOrder(eventSlug: string, orderId: string, secret: string) {
  return useQuery(buyerOrderQuery(eventSlug, orderId, secret));
}

/**
 * Pays an order by its link (card with a PaymentMethod or after 3-D Secure, transfer, desk): the order as it
 * now stands is kept; the office (places left) and the guest's orders are stale.
 */
export function payOrderMutation(eventSlug: string, orderId: string, secret: string) {
  return mutationOptions({
    mutationFn: (body: BuyerPayBody) =>
      api.ticketOffice.pay({ params: { event: eventSlug, id: orderId, secret }, body }),
    onSuccess: (answer: BuyerPayAnswer, _body, _result, { client }) => {
      client.setQueryData(ticketOfficeKeys.order(eventSlug, orderId, secret), answer.order);
      void client.invalidateQueries({ queryKey: ticketOfficeKeys.office(eventSlug) });
      void client.invalidateQueries({ queryKey: ticketOfficeKeys.myOrders(eventSlug) });
      void client.invalidateQueries({ queryKey: ticketOfficeKeys.myTickets(eventSlug) });
    },
  });
}

export function usePayOrder(eventSlug: string, orderId: string, secret: string) {
  return useMutation(payOrderMutation(eventSlug, orderId, secret));
}

/** The signed-in guest's orders, newest first; a 401 ends their portal session (as the portal's other reads). */
export function myOrdersQuery(eventSlug: string) {
  return queryOptions({
    queryKey: ticketOfficeKeys.myOrders(eventSlug),
    queryFn: ({ client }) =>
      asGuest(client, eventSlug, () => api.ticketOffice.myOrders({ params: { event: eventSlug } })),
    retry: retryGuestRead,
  });
}

export function useMyOrders(eventSlug: string) {
  return useQuery(myOrdersQuery(eventSlug));
}

/** The tickets the signed-in guest holds, newest first; a 401 ends their portal session. */
export function myTicketsQuery(eventSlug: string) {
  return queryOptions({
    queryKey: ticketOfficeKeys.myTickets(eventSlug),
    queryFn: ({ client }) =>
      asGuest(client, eventSlug, () => api.ticketOffice.myTickets({ params: { event: eventSlug } })),
    retry: retryGuestRead,
  });
}

export function useMyTickets(eventSlug: string) {
  return useQuery(myTicketsQuery(eventSlug));
}
