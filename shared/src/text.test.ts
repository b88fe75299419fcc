import { describe, expect, it } from "vitest";
import { personName } from "./text.ts";

describe("personName", () => {
  it("joins the names given, and is null when none is", () => {
    expect(personName("Ada", "Lovelace")).toBe("Ada Lovelace");
    expect(personName(null, "Lovelace")).toBe("Lovelace");
    expect(personName("Ada", "")).toBe("Ada");
    expect(personName(null, undefined)).toBeNull();
  });
});
