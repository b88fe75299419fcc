import { describe, expect, it } from "vitest";
import type { BuyerOrderJson } from "@/queries/ticketOffice.ts";
import {
  holdLeft,
  initialPaymentValues,
  isPayable,
  payableMethods,
  payBody,
  paymentPathOf,
  paymentProblems,
  type PaymentValues,
} from "./paymentValues.ts";

const NOW = new Date("2026-12-01T10:00:00Z");

const order = (extra: Partial<BuyerOrderJson> = {}): BuyerOrderJson => ({
  id: "0b6c7a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21",
  reference: "AB12CD34",
  status: "in_cart",
  mode: "test",
  paymentMethod: null,
  orderedAt: "2026-12-01T09:55:00Z",
  holdExpiresAt: "2026-12-01T10:10:00Z",
  lines: [],
  coupons: [],
  refundedCents: 0,
  totalExclTaxCents: 1000,
  totalInclTaxCents: 1200,
  vat: [],
  currency: "EUR",
  billing: { name: null, address: null, zip: null, city: null, isCompany: null, siret: null },
  paymentMethods: ["card", "transfer"],
  card: { publishableKey: "pk_test_x", stripeJsUrl: "http://127.0.0.1:1/v3/stripe.js" },
  terms: "Be nice.",
  invoices: [],
  payPath: "/gala/orders/0b6c7a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21/secret",
  ...extra,
});

const filled: PaymentValues = {
  name: " Zoé Martin ",
  address: "1 rue de la Paix",
  zip: "75002",
  city: "Paris",
  isCompany: false,
  siret: "",
  termsAccepted: true,
  method: "card",
};

describe("the payment step's form", () => {
  it("offers the order's methods, card only with a card form, the only one chosen already", () => {
    expect(payableMethods(order())).toEqual(["card", "transfer"]);
    expect(payableMethods(order({ card: null }))).toEqual(["transfer"]);
    expect(initialPaymentValues(order({ card: null, paymentMethods: ["card", "desk"] })).method).toBe("desk");
    expect(initialPaymentValues(order()).method).toBe("");
    const back = initialPaymentValues(
      order({ billing: { name: "ACME", address: "2 av.", zip: "69001", city: "Lyon", isCompany: true, siret: "1" } }),
    );
    expect(back).toMatchObject({ name: "ACME", isCompany: true, termsAccepted: false });
  });

  it("is payable while the cart holds its places, or awaiting a card payment", () => {
    expect(isPayable(order(), NOW)).toBe(true);
    expect(isPayable(order({ holdExpiresAt: "2026-12-01T09:59:59Z" }), NOW)).toBe(false);
    expect(isPayable(order({ paymentMethods: [] }), NOW)).toBe(false);
    expect(isPayable(order({ status: "completed" }), NOW)).toBe(false);
    expect(isPayable(order({ status: "awaiting_payment", holdExpiresAt: null }), NOW)).toBe(true);
  });

  it("needs the address, the terms when there are some, a method, and a company's valid SIRET", () => {
    expect(paymentProblems(filled, true)).toEqual({});
    const empty = { ...filled, name: " ", zip: "", termsAccepted: false, method: "" as const };
    expect(paymentProblems(empty, true)).toEqual({
      name: { code: "required" },
      zip: { code: "required" },
      termsAccepted: { code: "terms_required" },
      method: { code: "required" },
    });
    expect(paymentProblems({ ...filled, termsAccepted: false }, false)).toEqual({});
    expect(paymentProblems({ ...filled, isCompany: true }, true)).toEqual({ siret: { code: "required" } });
    expect(paymentProblems({ ...filled, isCompany: true, siret: "732 829 320 00075" }, true)).toEqual({
      siret: { code: "siret_invalid" },
    });
    expect(paymentProblems({ ...filled, isCompany: true, siret: "732 829 320 00074" }, true)).toEqual({});
  });

  it("sends the payload of spec §3: trimmed billing, a compact SIRET for a company only, the card's ids", () => {
    expect(payBody(filled, { paymentMethodId: "pm_1" })).toEqual({
      method: "card",
      payment_method_id: "pm_1",
      termsAccepted: true,
      name: "Zoé Martin",
      address: "1 rue de la Paix",
      zip: "75002",
      city: "Paris",
      isCompany: false,
      siret: null,
    });
    const company = payBody({ ...filled, isCompany: true, siret: "732 829 320 00074", method: "transfer" });
    expect(company).toMatchObject({ method: "transfer", isCompany: true, siret: "73282932000074" });
    expect(company).not.toHaveProperty("payment_method_id");
    expect(payBody(filled, { paymentIntentId: "pi_1" })).toMatchObject({ payment_intent_id: "pi_1" });
  });

  it("puts the API's refusals at their fields, a card's at the card", () => {
    expect(paymentPathOf("siret")).toBe("siret");
    expect(paymentPathOf("termsAccepted")).toBe("termsAccepted");
    expect(paymentPathOf("payment_method_id")).toBe("card");
    expect(paymentPathOf("order")).toBeNull();
  });

  it("counts the hold down in minutes and seconds", () => {
    expect(holdLeft("2026-12-01T10:09:05Z", NOW)).toEqual({ seconds: 545, text: "9:05" });
    expect(holdLeft("2026-12-01T09:00:00Z", NOW)).toEqual({ seconds: 0, text: "0:00" });
  });
});
