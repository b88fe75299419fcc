import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isMailgunSignature, tokenFromMessageId } from "./mailgun.ts";

describe("Mailgun webhook signatures", () => {
  const key = "key-example";
  const timestamp = "1764580000";
  const token = "a8ce0edb2dd8301dee6c2405235584e45aa91d1e9f979f3de0";
  const signature = createHmac("sha256", key)
    .update(timestamp + token)
    .digest("hex");

  it("accepts HMAC-SHA256 of timestamp + token under the signing key, in either case of hex", () => {
    expect(isMailgunSignature(key, { timestamp, token, signature })).toBe(true);
    expect(isMailgunSignature(key, { timestamp, token, signature: signature.toUpperCase() })).toBe(true);
  });

  it("refuses another key, another timestamp or token, a signature of another length", () => {
    expect(isMailgunSignature("key-other", { timestamp, token, signature })).toBe(false);
    expect(isMailgunSignature(key, { timestamp: "1764580001", token, signature })).toBe(false);
    expect(isMailgunSignature(key, { timestamp, token: `${token}0`, signature })).toBe(false);
    expect(isMailgunSignature(key, { timestamp, token, signature: signature.slice(0, 62) })).toBe(false);
  });
});

describe("recipient tokens in Message-IDs", () => {
  const token = "AbCdEfGhIjKlMnOpQrStUvWx";
  it("reads <token@bounce domain>, with or without brackets, the domain in any case", () => {
    expect(tokenFromMessageId(`<${token}@bounces.example.org>`, "bounces.example.org")).toBe(token);
    expect(tokenFromMessageId(`${token}@Bounces.Example.org`, "bounces.example.org")).toBe(token);
  });
  it("refuses another domain and what is not a token", () => {
    expect(tokenFromMessageId(`<${token}@mailgun.org>`, "bounces.example.org")).toBeNull();
    expect(tokenFromMessageId("<20130503182626.18666.16540@bounces.example.org>", "bounces.example.org")).toBeNull();
    expect(tokenFromMessageId("", "bounces.example.org")).toBeNull();
  });
});
