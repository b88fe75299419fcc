import type { BuyerOrderJson } from "@/queries/ticketOffice.ts";

/** The badge colour of an order's status, in "my orders" and on the tickets it holds. */
export const ORDER_STATUS_COLOURS: Record<BuyerOrderJson["status"], string> = {
  completed: "teal",
  awaiting_payment: "yellow",
  in_cart: "blue",
  partially_refunded: "orange",
  refunded: "gray",
  cancelled: "gray",
};
