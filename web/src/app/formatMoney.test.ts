import { describe, expect, it } from "vitest";
import { formatMoney } from "./formatMoney.ts";

const spaces = (text: string) => text.replace(/\s/g, " ");

describe("formatMoney", () => {
  it("formats cents as money in the user's language", () => {
    expect(formatMoney(123_450, "EUR", "en")).toBe("€1,234.50");
    expect(spaces(formatMoney(123_450, "EUR", "fr"))).toBe("1 234,50 €");
    expect(spaces(formatMoney(5, "EUR", "es"))).toBe("0,05 €");
    expect(formatMoney(0, "USD", "en")).toBe("$0.00");
  });
});
