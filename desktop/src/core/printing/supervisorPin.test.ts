import { describe, expect, it } from "vitest";
import { hashPin, isValidPin, verifyPin } from "./supervisorPin.ts";

describe("the supervisor PIN", () => {
  it("is 4 to 8 digits", () => {
    expect(["1234", "12345678"].map(isValidPin)).toEqual([true, true]);
    expect(["123", "123456789", "12a4", "", " 1234"].map(isValidPin)).toEqual([false, false, false, false, false]);
  });

  it("is kept as a salted scrypt hash that only the right PIN matches", async () => {
    const hash = await hashPin("2468");
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(hash).not.toContain("2468");
    expect(await hashPin("2468")).not.toBe(hash); // its own salt each time
    expect(await verifyPin("2468", hash)).toBe(true);
    expect(await verifyPin("2469", hash)).toBe(false);
    expect(await verifyPin("", hash)).toBe(false);
    expect(await verifyPin("2468", "plain:2468")).toBe(false);
  });

  it("refuses to hash a PIN that is not 4 to 8 digits", async () => {
    await expect(hashPin("12")).rejects.toThrow(/4 to 8 digits/);
  });
});
