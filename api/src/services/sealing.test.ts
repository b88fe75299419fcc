import { describe, expect, it } from "vitest";
import { seal, unseal } from "./sealing.ts";

const SECRET = "a-server-secret-of-more-than-32-characters";

describe("sealing under the server's secret", () => {
  it("gives back what was sealed, text or bytes, and never the same ciphertext twice", () => {
    const text = seal(SECRET, "purpose/v1", "row-1", "sk_test_123");
    expect(text).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(text).not.toContain("sk_test_123");
    expect(unseal(SECRET, "purpose/v1", "row-1", text).toString("utf8")).toBe("sk_test_123");
    expect(seal(SECRET, "purpose/v1", "row-1", "sk_test_123")).not.toBe(text);
    const bytes = new Uint8Array([0, 1, 2, 255]);
    expect([...unseal(SECRET, "purpose/v1", "row-1", seal(SECRET, "purpose/v1", "row-1", bytes))]).toEqual([
      0, 1, 2, 255,
    ]);
  });

  it("refuses a value moved to another row, read for another purpose, under another secret, or altered", () => {
    const text = seal(SECRET, "purpose/v1", "row-1", "whsec_abc");
    expect(() => unseal(SECRET, "purpose/v1", "row-2", text)).toThrow();
    expect(() => unseal(SECRET, "other/v1", "row-1", text)).toThrow();
    expect(() => unseal(`${SECRET}!`, "purpose/v1", "row-1", text)).toThrow();
    const body = Buffer.from(text.slice(3), "base64url");
    body[14] = body[14]! ^ 1;
    expect(() => unseal(SECRET, "purpose/v1", "row-1", `v1.${body.toString("base64url")}`)).toThrow();
    expect(() => unseal(SECRET, "purpose/v1", "row-1", `v2.${text.slice(3)}`)).toThrow(/unknown encryption/);
  });
});
