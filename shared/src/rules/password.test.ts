import { describe, expect, it } from "vitest";
import { isStrongPassword, passwordProblem } from "./password.ts";

describe("password rule", () => {
  it.each([
    ["Abcdefghij1!", true],
    ["Abcdefghij1-", true],
    ["Abcdefghij1/", true],
    ["Abcdefghi1!", false], // 11 characters
    ["abcdefghij1!", false], // no uppercase
    ["ABCDEFGHIJ1!", false], // no lowercase
    ["Abcdefghijk!", false], // no digit
    ["Abcdefghijk1", false], // no special character
    ["Abcdefghij1*", false], // * is not in the allowed set
  ])("%s → %s", (password, expected) => {
    expect(isStrongPassword(password)).toBe(expected);
  });

  it("checks the rule before the confirmation", () => {
    expect(passwordProblem("short", "other")).toBe("password_rule");
    expect(passwordProblem("Abcdefghij1!", "Abcdefghij1?")).toBe("passwords_do_not_match");
    expect(passwordProblem("Abcdefghij1!", "Abcdefghij1!")).toBeNull();
  });
});
