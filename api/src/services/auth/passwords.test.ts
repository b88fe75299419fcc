import { describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD_HASH_COST, loadConfig } from "../../config.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";

const SECRET = "test-secret-test-secret-test-secret-0123";

function configOf(env: Record<string, string>) {
  return loadConfig({ TESSERA_SECRET: SECRET, TESSERA_VAR_DIR: "/nonexistent-tessera-var", ...env });
}

describe("password hashing cost", () => {
  it("is scrypt N = 2^15 by default, in production too, and such a hash verifies", async () => {
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(2 ** 15);
    expect(configOf({ NODE_ENV: "production" }).passwordHashCost).toBe(2 ** 15);
    expect(configOf({ NODE_ENV: "development" }).passwordHashCost).toBe(2 ** 15);
    const hash = await hashPassword("Correct-Horse-42", DEFAULT_PASSWORD_HASH_COST);
    expect(hash.split("$").slice(0, 4)).toEqual(["scrypt", "32768", "8", "1"]);
    expect(await verifyPassword("Correct-Horse-42", hash, DEFAULT_PASSWORD_HASH_COST)).toBe(true);
    expect(await verifyPassword("Correct-Horse-43", hash, DEFAULT_PASSWORD_HASH_COST)).toBe(false);
  });

  it("verifies a hash by the cost stored in it, whatever the cost of new hashes is now", async () => {
    const cheap = await hashPassword("Correct-Horse-42", 16);
    expect(cheap.split("$")[1]).toBe("16");
    expect(await verifyPassword("Correct-Horse-42", cheap, DEFAULT_PASSWORD_HASH_COST)).toBe(true);
    expect(await verifyPassword("Wrong-Horse-42", cheap, DEFAULT_PASSWORD_HASH_COST)).toBe(false);
    const costly = await hashPassword("Correct-Horse-42", 1024);
    expect(await verifyPassword("Correct-Horse-42", costly, 16)).toBe(true);
    expect(await verifyPassword("Correct-Horse-42", null, 16)).toBe(false);
  });

  it("verifies a hash stored before the cost was configurable", async () => {
    // Made by the hashing of the time (N = 2^15, r = 8, p = 1), before PASSWORD_HASH_COST existed.
    const stored =
      "scrypt$32768$8$1$oZ0e_2eXzIz8sVzYClkm3Q$" +
      "eFNMYaFLwFmCJanFA-G3cXVkX7hnVQ-mIV9XHIzESGVBfuYtHN2jNJpWENHiVmSFVYK7rdS6mnyUk8UG0pPQLg";
    expect(await verifyPassword("Correct-Horse-42", stored, 16)).toBe(true);
    expect(await verifyPassword("Correct-Horse-41", stored, 16)).toBe(false);
  });

  it("takes PASSWORD_HASH_COST as scrypt's N, a power of two", () => {
    expect(configOf({ NODE_ENV: "test", PASSWORD_HASH_COST: "16" }).passwordHashCost).toBe(16);
    expect(configOf({ NODE_ENV: "production", PASSWORD_HASH_COST: String(2 ** 16) }).passwordHashCost).toBe(2 ** 16);
    expect(() => configOf({ NODE_ENV: "test", PASSWORD_HASH_COST: "1000" })).toThrow(/power of two/);
    expect(() => configOf({ NODE_ENV: "test", PASSWORD_HASH_COST: "1" })).toThrow(/power of two/);
  });

  it("refuses, in production, a cost below the default", () => {
    expect(() => configOf({ NODE_ENV: "production", PASSWORD_HASH_COST: "16" })).toThrow(
      "PASSWORD_HASH_COST may not be below 32768 when NODE_ENV=production",
    );
    expect(() => configOf({ NODE_ENV: "production", PASSWORD_HASH_COST: String(2 ** 14) })).toThrow(/may not be below/);
  });
});
