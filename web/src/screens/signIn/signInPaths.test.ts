import { describe, expect, it } from "vitest";
import { pathAfterSignIn, signInPaths } from "./signInPaths.ts";

describe("signInPaths", () => {
  it("keeps the language prefix, or none", () => {
    expect(signInPaths("/fr").forgotPassword).toBe("/fr/admin/forgot-password");
    expect(signInPaths("").signIn).toBe("/admin");
  });
});

describe("pathAfterSignIn", () => {
  it("follows ?next= only to a path of this site", () => {
    expect(pathAfterSignIn("/manage/users?page=2")).toBe("/manage/users?page=2");
    expect(pathAfterSignIn(null)).toBe("/manage");
    expect(pathAfterSignIn("https://evil.example/")).toBe("/manage");
    expect(pathAfterSignIn("//evil.example/")).toBe("/manage");
    expect(pathAfterSignIn("/\\evil.example/")).toBe("/manage");
  });
});
