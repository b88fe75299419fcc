import { describe, expect, it } from "vitest";
import {
  emptyOrderValues,
  lineQuantity,
  newLine,
  orderCreateBody,
  orderProblems,
  type CreateOrderValues,
} from "./orderForm.ts";

const values = (change: Partial<CreateOrderValues> = {}): CreateOrderValues => ({
  ...emptyOrderValues(),
  guestId: "buyer",
  ...change,
});
const line = (ticketId: string | null, quantity = "1", holderGuestId: string | null = null) => ({
  ...newLine(),
  ticketId,
  quantity,
  holderGuestId,
});

describe("the create order form", () => {
  it("refuses an order without a ticket with the spec's message, and one without a buyer", () => {
    expect(orderProblems(emptyOrderValues())).toEqual({
      guestId: "ticketing.orders.create.guestRequired",
      lines: "ticketing.orders.create.needsTicket",
    });
    expect(orderProblems(values({ lines: [] }))).toEqual({ lines: "ticketing.orders.create.needsTicket" });
  });

  it("checks each line's quantity, and a holder picked on a line without a ticket", () => {
    const problems = orderProblems(
      values({ lines: [line("pass", "0"), line(null, "1", "friend"), line("dinner", "1001"), line(null)] }),
    );
    expect(problems).toEqual({
      "lines.0.quantity": "ticketing.orders.create.quantityInvalid",
      "lines.1.ticketId": "ticketing.orders.create.ticketRequired",
      "lines.2.quantity": "ticketing.orders.create.quantityInvalid",
    });
    expect(orderProblems(values({ lines: [line("pass", "2", "friend")] }))).toEqual({
      "lines.0.quantity": "ticketing.orders.create.holderOneUnit",
    });
    expect(lineQuantity("12")).toBe(12);
    expect(lineQuantity("1.5")).toBeUndefined();
  });

  it("checks the coupon codes with the API's rule", () => {
    expect(orderProblems(values({ lines: [line("pass")], coupons: ["SUMMER 15"] }))).toEqual({
      coupons: "validation:coupon_code_format",
    });
  });

  it("sends the lines with a ticket, a holder only when one was picked, coupons when there are some", () => {
    const typed = values({
      lines: [line("pass", "2"), line(null), line("dinner", " 1 ", "friend")],
      coupons: ["VIP"],
      paymentMethod: "cheque",
      paid: true,
    });
    expect(orderProblems(typed)).toEqual({});
    expect(orderCreateBody(typed)).toEqual({
      guestId: "buyer",
      items: [
        { ticketId: "pass", quantity: 2 },
        { ticketId: "dinner", quantity: 1, holderGuestId: "friend" },
      ],
      coupons: ["VIP"],
      paymentMethod: "cheque",
      paid: true,
    });
    expect(orderCreateBody(values({ lines: [line("pass")] }))).toEqual({
      guestId: "buyer",
      items: [{ ticketId: "pass", quantity: 1 }],
      paymentMethod: "transfer",
      paid: false,
    });
  });

  it("gives each new line its own key", () => {
    expect(newLine().key).not.toBe(newLine().key);
  });
});
