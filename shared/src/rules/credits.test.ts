import { describe, expect, it } from "vitest";
import {
  creditAmountProblem,
  creditExpiryDay,
  creditExpiryInstant,
  formatCreditDay,
  readCreditExpiry,
} from "./credits.ts";

describe("credits rules (spec §5)", () => {
  it("wants a whole number of credits above 0", () => {
    expect(creditAmountProblem(undefined)).toBe("required");
    expect(creditAmountProblem("  ")).toBe("required");
    expect(creditAmountProblem("abc")).toBe("not_a_number");
    expect(creditAmountProblem(2.5)).toBe("not_a_number");
    expect(creditAmountProblem("2.5")).toBe("not_a_number");
    expect(creditAmountProblem(-1)).toBe("number_negative");
    expect(creditAmountProblem("-4")).toBe("number_negative");
    expect(creditAmountProblem(0)).toBe("credits_not_zero");
    expect(creditAmountProblem("0")).toBe("credits_not_zero");
    expect(creditAmountProblem(100_000_001)).toBe("number_too_big");
    expect(creditAmountProblem(" 12 ")).toBeNull();
    expect(creditAmountProblem(1)).toBeNull();
  });

  it("reads an expiry date DD/MM/YYYY that is today or later (UTC)", () => {
    const now = new Date("2030-06-15T23:30:00Z");
    expect(readCreditExpiry("", now)).toEqual({ problem: "required" });
    expect(readCreditExpiry("2030-06-20", now)).toEqual({ problem: "date_format" });
    expect(readCreditExpiry("1/7/2030", now)).toEqual({ problem: "date_format" });
    expect(readCreditExpiry("07/13/2030", now)).toEqual({ problem: "date_format" });
    expect(readCreditExpiry("31/06/2030", now)).toEqual({ problem: "date_not_exist" });
    expect(readCreditExpiry("14/06/2030", now)).toEqual({ problem: "expiry_date_past" });
    expect(readCreditExpiry("15/06/2030", now)).toEqual({ day: "2030-06-15" });
    expect(readCreditExpiry("29/02/2032", now)).toEqual({ day: "2032-02-29" });
  });

  it("keeps a pack usable through its last day", () => {
    expect(creditExpiryInstant("2030-06-15").toISOString()).toBe("2030-06-16T00:00:00.000Z");
    expect(creditExpiryDay(creditExpiryInstant("2030-12-31"))).toBe("2030-12-31");
    expect(formatCreditDay("2030-06-05")).toBe("05/06/2030");
  });
});
