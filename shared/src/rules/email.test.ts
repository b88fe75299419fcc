import { describe, expect, it } from "vitest";
import { validate } from "../validation.ts";
import { Email } from "../schemas/common.ts";
import { isEmailAddress } from "./email.ts";

describe("email addresses", () => {
  it("takes accented and other scripts' local parts and domains", () => {
    for (const address of [
      "marie-hélène@example.fr",
      "josé.garcía@correo.es",
      "zoë+events@exämple.de",
      "用户@例子.广告",
      "o'brien@example.ie",
      "a@b.co",
    ])
      expect(isEmailAddress(address), address).toBe(true);
  });

  it("refuses what is not an address", () => {
    for (const address of [
      "nope",
      "a@b",
      "a@@b.fr",
      "a b@c.fr",
      ".a@b.fr",
      "a.@b.fr",
      "a..b@c.fr",
      "a@-b.fr",
      "a@b-.fr",
      "a@b..fr",
      "é@",
    ])
      expect(isEmailAddress(address), address).toBe(false);
  });

  it("is the API's email format", () => {
    expect(validate(Email, "marie-hélène@example.fr").ok).toBe(true);
    expect(validate(Email, "marie-hélène@").ok).toBe(false);
  });
});
