import { describe, expect, it } from "vitest";
import { formatMoney } from "@/app/formatMoney.ts";
import {
  amountToCents,
  basisPointsToPercent,
  centsToAmount,
  derivedPriceCents,
  percentToBasisPoints,
  shownPeriod,
  TICKETING_CURRENCY,
} from "./prices.ts";

/** Intl separates thousands and the currency with narrow or non-breaking spaces: compared as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("the Tickets screen's price arithmetic", () => {
  it("reads a tax rate in percent as basis points, in each language's notation", () => {
    expect(percentToBasisPoints("20", "en")).toBe(2000);
    expect(percentToBasisPoints("5.5", "en")).toBe(550);
    expect(percentToBasisPoints("5,5", "fr")).toBe(550);
    expect(percentToBasisPoints("2,10", "es")).toBe(210);
    expect(percentToBasisPoints("100", "en")).toBe(10_000);
    for (const wrong of ["", "abc", "-1", "100.01", "5.555", "1e3"])
      expect(percentToBasisPoints(wrong, "en")).toBeUndefined();
    expect(basisPointsToPercent(550, "fr")).toBe("5,5");
    expect(basisPointsToPercent(2000, "en")).toBe("20");
  });

  it("reads an amount as cents and shows one back, in each language's notation", () => {
    expect(amountToCents("12.5", "en")).toBe(1250);
    expect(amountToCents("12,50", "fr")).toBe(1250);
    expect(amountToCents("1 200,00", "fr")).toBe(120_000);
    expect(amountToCents("1000000", "en")).toBe(100_000_000);
    for (const wrong of ["", "12.345", "-3", "1000000.01", "12,5,0"])
      expect(amountToCents(wrong, "fr")).toBeUndefined();
    expect(centsToAmount(1250, "fr")).toBe("12,50");
    expect(centsToAmount(120_000, "en")).toBe("1200.00");
  });

  it("derives the other price of a period with shared's rounding, and no VAT keeps the price", () => {
    // 12.00 after 20 % taxes is 10.00 before; 10.00 before 5.5 % is 10.55 after.
    expect(derivedPriceCents(1200, "includingTax", 2000)).toBe(1000);
    expect(derivedPriceCents(1000, "excludingTax", 550)).toBe(1055);
    // 10.00 after 5.5 %: 947.867… rounds to 948 cents.
    expect(derivedPriceCents(1000, "includingTax", 550)).toBe(948);
    expect(derivedPriceCents(1234, "includingTax", null)).toBe(1234);
  });

  it("shows money in euros in the user's language", () => {
    expect(plain(formatMoney(1250, TICKETING_CURRENCY, "en"))).toBe("€12.50");
    expect(plain(formatMoney(120_000, TICKETING_CURRENCY, "fr"))).toBe("1 200,00 €");
    expect(plain(formatMoney(1250, TICKETING_CURRENCY, "es"))).toBe("12,50 €");
  });

  it("shows the price buyers pay now: of overlapping periods the latest started, else the first period's", () => {
    const regular = { id: "regular", startsAt: "2026-01-01T00:00:00.000Z", endsAt: null };
    const early = { id: "early", startsAt: "2026-03-01T00:00:00.000Z", endsAt: "2026-04-01T00:00:00.000Z" };
    const later = { id: "later", startsAt: "2027-01-01T00:00:00.000Z", endsAt: null };
    const periods = [regular, early, later];
    expect(shownPeriod(periods, new Date("2026-03-15T00:00:00.000Z"))?.id).toBe("early");
    expect(shownPeriod(periods, new Date("2026-05-01T00:00:00.000Z"))?.id).toBe("regular");
    expect(shownPeriod(periods, new Date("2027-02-01T00:00:00.000Z"))?.id).toBe("later");
    expect(shownPeriod([later, early], new Date("2025-01-01T00:00:00.000Z"))?.id).toBe("later");
    expect(shownPeriod([], new Date())).toBeUndefined();
  });
});
