import { describe, expect, it } from "vitest";
import { compactSiret, isValidSiren, isValidSiret, passesLuhn } from "./siret.ts";

describe("SIRET", () => {
  it.each([
    ["73282932000074", true],
    ["44306184100047", true],
    ["55210055400013", true],
    ["73282932000075", false], // last digit changed
    ["73282932100074", false], // a middle digit changed
    ["37282932000074", false], // two digits swapped
    ["7328293200007", false], // 13 digits
    ["732829320000740", false], // 15 digits
    ["7328293200007a", false],
    ["732 829 320 00074", false], // not compact
    ["", false],
    ["00000000000000", true], // Luhn holds; existence is not checked
  ])("%s → %s", (siret, expected) => {
    expect(isValidSiret(siret)).toBe(expected);
  });

  it("La Poste: its head office passes Luhn, its establishments need a digit sum that is a multiple of 5", () => {
    expect(isValidSiret("35600000000048")).toBe(true);
    expect(passesLuhn("35600000049837")).toBe(false);
    expect(isValidSiret("35600000049837")).toBe(true); // digits add up to 45
    expect(isValidSiret("35600000049838")).toBe(false); // 46, and not Luhn either
  });

  it("the La Poste rule is for La Poste only", () => {
    // Digits add up to 45 but Luhn fails: invalid for any other SIREN.
    expect(passesLuhn("73282932000072")).toBe(false);
    expect([..."73282932000072"].reduce((sum, c) => sum + Number(c), 0) % 5).toBe(0);
    expect(isValidSiret("73282932000072")).toBe(false);
  });

  it("compacts what people type", () => {
    expect(compactSiret("732 829 320 00074")).toBe("73282932000074");
    expect(compactSiret("732\u00a0829\u00a0320\u00a000074")).toBe("73282932000074");
    expect(isValidSiret(compactSiret(" 732 829 320 00074 "))).toBe(true);
  });
});

describe("SIREN", () => {
  it.each([
    ["732829320", true],
    ["356000000", true],
    ["443061841", true],
    ["732829321", false],
    ["73282932", false],
    ["7328293200", false],
    ["73282932a", false],
  ])("%s → %s", (siren, expected) => {
    expect(isValidSiren(siren)).toBe(expected);
  });
});
