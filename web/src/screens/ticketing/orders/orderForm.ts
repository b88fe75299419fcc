import { isValidCouponCode } from "@tessera/shared/rules/couponCode";
import type { OfflinePaymentMethod, OrderCreateBody } from "@/queries/ticketingOrders.ts";
import { wholeNumberIn } from "../prices.ts";

/*
 * The "create order" screen (spec §2, §5: an order needs at least one ticket): the organizer's order for a guest
 * of the event, its ticket lines (a ticket, a quantity, the guest who holds it when not the buyer), coupon codes,
 * an offline payment method and whether the payment was received.
 */

/** The offline ways an organizer records a payment (the create and await bodies' own list). */
export const OFFLINE_PAYMENT_METHODS = [
  "transfer",
  "desk",
  "cheque",
  "cash",
  "other",
] as const satisfies readonly OfflinePaymentMethod[];

/** The most units of one line, as the API takes it. */
export const LINE_QUANTITY_MAX = 1000;
/** The most ticket lines and coupon codes an order takes. */
export const LINES_MAX = 100;
export const COUPONS_MAX = 10;

export interface OrderLineValues {
  /** The line's key in the form (kept while lines are added and removed). */
  key: string;
  ticketId: string | null;
  quantity: string;
  /** The guest who holds the ticket (one unit); null: nobody in particular. */
  holderGuestId: string | null;
}

export interface CreateOrderValues {
  guestId: string | null;
  lines: OrderLineValues[];
  coupons: string[];
  paymentMethod: OfflinePaymentMethod;
  paid: boolean;
}

let lineCount = 0;
export const newLine = (): OrderLineValues => ({
  key: `line-${++lineCount}`,
  ticketId: null,
  quantity: "1",
  holderGuestId: null,
});

export const emptyOrderValues = (): CreateOrderValues => ({
  guestId: null,
  lines: [newLine()],
  coupons: [],
  paymentMethod: "transfer",
  paid: false,
});

/** A line's quantity: a whole number from 1 to the API's limit; undefined otherwise. */
export const lineQuantity = (text: string): number | undefined => wholeNumberIn(text, 1, LINE_QUANTITY_MAX);

export type OrderProblem =
  | "ticketing.orders.create.guestRequired"
  | "ticketing.orders.create.needsTicket"
  | "ticketing.orders.create.ticketRequired"
  | "ticketing.orders.create.quantityInvalid"
  | "ticketing.orders.create.holderOneUnit"
  | "validation:coupon_code_format";

/** Problems by the form's field path ("guestId", "lines", "lines.0.ticketId", "coupons"). */
export type OrderProblems = Record<string, OrderProblem>;

/** The lines that name a ticket (a blank line left at the end is not a line of the order). */
const filledLines = (values: CreateOrderValues) =>
  values.lines.map((line, index) => ({ line, index })).filter(({ line }) => line.ticketId !== null);

/** The form's checks: a buyer, at least one ticket, each line's quantity, the coupon codes as the API reads them. */
export function orderProblems(values: CreateOrderValues): OrderProblems {
  const problems: OrderProblems = {};
  if (!values.guestId) problems.guestId = "ticketing.orders.create.guestRequired";
  const filled = filledLines(values);
  if (filled.length === 0) problems.lines = "ticketing.orders.create.needsTicket";
  values.lines.forEach((line, index) => {
    // A line without a ticket is left out of the order, unless a holder was picked on it.
    if (line.ticketId === null) {
      if (line.holderGuestId !== null) problems[`lines.${index}.ticketId`] = "ticketing.orders.create.ticketRequired";
    } else if (lineQuantity(line.quantity) === undefined) {
      problems[`lines.${index}.quantity`] = "ticketing.orders.create.quantityInvalid";
    } else if (line.holderGuestId !== null && lineQuantity(line.quantity)! > 1) {
      // A guest holds one unit of a ticket: several units are ordered without a holder (a group, a company).
      problems[`lines.${index}.quantity`] = "ticketing.orders.create.holderOneUnit";
    }
  });
  if (values.coupons.some((code) => !isValidCouponCode(code))) problems.coupons = "validation:coupon_code_format";
  return problems;
}

/** The body that creates the order; the form's checks have passed (blank lines are left out). */
export function orderCreateBody(values: CreateOrderValues): OrderCreateBody {
  return {
    guestId: values.guestId ?? "",
    items: filledLines(values).map(({ line }) => ({
      ticketId: line.ticketId!,
      quantity: lineQuantity(line.quantity) ?? 1,
      ...(line.holderGuestId ? { holderGuestId: line.holderGuestId } : {}),
    })),
    ...(values.coupons.length ? { coupons: [...values.coupons] } : {}),
    paymentMethod: values.paymentMethod,
    paid: values.paid,
  };
}
