import { describe, expect, it } from "vitest";
import { normalizeCode, tokenFromHash } from "./portalToken.ts";

describe("the emailed sign-in link", () => {
  it("reads its token from the fragment, and nothing that cannot be one", () => {
    const token = "tsl_0123456789abcdefghijKLMNOP";
    expect(tokenFromHash(`#token=${token}`)).toBe(token);
    expect(tokenFromHash(`token=${token}`)).toBe(token);
    expect(tokenFromHash("")).toBeNull();
    expect(tokenFromHash("#token=short")).toBeNull();
    expect(tokenFromHash(`#token=${"x".repeat(201)}`)).toBeNull();
  });

  it("takes the code with spaces or dashes", () => {
    expect(normalizeCode(" 123 456 ")).toBe("123456");
    expect(normalizeCode("123-456")).toBe("123456");
  });
});
