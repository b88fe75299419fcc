import { describe, expect, it } from "vitest";
import { scannedText } from "./scannedText.ts";

describe("scannedText", () => {
  it("keeps the code as typed, without the spaces and control characters around it", () => {
    const code = "T1.AbC-d_9.xYz";
    expect(scannedText(`  ${code}\r\n`)).toBe(code);
    expect(scannedText(`\u0002${code}\u0003\t`)).toBe(code);
  });

  it("does not change what an AZERTY layout typed (the API answers it)", () => {
    expect(scannedText("T&;QbC)d8ç")).toBe("T&;QbC)d8ç");
  });

  it("cuts what no code can be", () => {
    expect(scannedText("x".repeat(600))).toHaveLength(512);
    expect(scannedText(" \r\n")).toBe("");
  });
});
