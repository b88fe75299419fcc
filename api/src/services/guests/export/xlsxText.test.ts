import { describe, expect, it } from "vitest";
import { seededRandom } from "@tessera/shared";
import { decodeXlsxText, encodeXlsxText } from "./xlsxText.ts";

const PIECES = ["_", "x", "X", "0", "0", "D", "5F", "a", "1", "\r", "\n", "\u0001", "\u007f", "é", "🎉"];

describe("XLSX text escapes", () => {
  it("reads back every string it writes, with no raw CR or control character left", () => {
    const next = seededRandom(7);
    for (let round = 0; round < 5000; round++) {
      const length = Math.floor(next() * 12);
      const value = Array.from({ length }, () => PIECES[Math.floor(next() * PIECES.length)]).join("");
      const encoded = encodeXlsxText(value);
      // eslint-disable-next-line no-control-regex -- the point of the check
      expect(encoded).not.toMatch(/[\x00-\x08\x0b\x0c\r\x0e-\x1f\x7f]/);
      expect(decodeXlsxText(encoded)).toBe(value);
    }
  });

  it("writes CR the way Excel does and reads Excel's escapes", () => {
    expect(encodeXlsxText("a\r\nb")).toBe("a_x000D_\nb");
    expect(encodeXlsxText("_x000D_")).toBe("_x005F_x000D_");
    expect(decodeXlsxText("Line_x000D_\nnext")).toBe("Line\r\nnext");
    expect(decodeXlsxText("plain_text")).toBe("plain_text");
  });
});
