import { describe, expect, it } from "vitest";
import { seededRandom } from "@tessera/shared";
import { neutralizeCell, restoreNeutralizedCell } from "./cells.ts";

const PIECES = ["=", "+", "-", "@", "'", "\t", "\r", "\n", " ", "a", "1", "é", "🎉", '"', ";"];

describe("CSV formula neutralisation", () => {
  it("never lets a cell start a formula, and restores every string exactly", () => {
    const next = seededRandom(9);
    for (let round = 0; round < 5000; round++) {
      const length = Math.floor(next() * 6);
      const value = Array.from({ length }, () => PIECES[Math.floor(next() * PIECES.length)]).join("");
      const cell = neutralizeCell(value);
      expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      expect(restoreNeutralizedCell(cell)).toBe(value);
    }
  });

  it("keeps phones and negative numbers as typed once restored; leaves a hand-typed apostrophe before a digit", () => {
    expect(neutralizeCell("+33612345678")).toBe("'+33612345678");
    expect(restoreNeutralizedCell("'+33612345678")).toBe("+33612345678");
    expect(restoreNeutralizedCell("'-5")).toBe("-5");
    expect(restoreNeutralizedCell("''=x")).toBe("'=x");
    expect(restoreNeutralizedCell("'0612345678")).toBe("'0612345678");
    expect(restoreNeutralizedCell("O'Neil")).toBe("O'Neil");
  });
});
