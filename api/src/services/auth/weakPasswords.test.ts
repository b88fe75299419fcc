import { describe, expect, it } from "vitest";
import { containsPersonalWords, isCommonPassword } from "./weakPasswords.ts";

describe("isCommonPassword", () => {
  it("finds breach-list passwords, also dressed up to pass the rule", () => {
    for (const password of [
      "Password123!",
      "Welcome2024!",
      "P@ssw0rd2024!",
      "Azerty123456!",
      "123456789012",
      "Sunshine-1987",
    ])
      expect(isCommonPassword(password), password).toBe(true);
  });

  it("lets through what is not a listed word between digits and symbols", () => {
    for (const password of ["Correct-Horse-42", "Tangerine-Violin-42", "Vq8#mLp2!zRt", "Welcome-Aboard-2026"])
      expect(isCommonPassword(password), password).toBe(false);
  });
});

describe("containsPersonalWords", () => {
  const person = { email: "marie-helene.dupont@example.org", firstName: "Hélène", lastName: "Dupont" };

  it("finds the address, its parts, the names (accents and lookalikes read) and the product's name", () => {
    for (const password of [
      "marie-helene.dupont@example.org!A1",
      "Xy9!dupont-Secret",
      "H3lene-Is-Great-9",
      "Helene#2026-Key",
      "My-Tessera-Key-9!",
    ])
      expect(containsPersonalWords(password, person), password).toBe(true);
  });

  it("ignores parts too short to mean anything", () => {
    expect(containsPersonalWords("Correct-Horse-42", { email: "al@ex.io", firstName: "Al", lastName: "Bo" })).toBe(
      false,
    );
  });
});
