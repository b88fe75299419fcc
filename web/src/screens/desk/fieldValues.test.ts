import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { fieldValueText, guestName, type FieldValueContext } from "./fieldValues.ts";

/** The catalogue's words this test needs; any other key is said as itself. */
const WORDS: Record<string, string> = {
  "guests.status.confirmed": "Confirmed",
  "guests.civility.ms": "Ms",
  "languages.fr": "French",
  "common.yes": "Yes",
};
const t = ((key: string, options?: { defaultValue?: string }) =>
  WORDS[key] ?? options?.defaultValue ?? key) as TFunction<"web">;
const context: FieldValueContext = {
  t,
  language: "en",
  timeZone: "UTC",
  optionLabel: (fieldId, value) => (fieldId === "pass" ? { vip: "VIP", std: "Standard" }[value] : undefined),
};

describe("the desk's field values", () => {
  it("says statuses, civilities and languages in words, and answers by their labels", () => {
    expect(fieldValueText("status", "confirmed", context)).toBe("Confirmed");
    expect(fieldValueText("civility", "ms", context)).toBe("Ms");
    expect(fieldValueText("language", "fr", context)).toBe("French");
    expect(fieldValueText("pass", "vip", context)).toBe("VIP");
    expect(fieldValueText("pass", ["vip", "std"], context)).toBe("VIP, Standard");
    expect(fieldValueText("pass", "gone", context)).toBe("gone");
  });

  it("reads dates in the language, numbers, booleans, files and nothing", () => {
    expect(fieldValueText("registeredAt", "2030-01-20T18:05:00.000Z", context)).toBe("Jan 20, 2030, 6:05 PM");
    expect(fieldValueText("nights", 1200, context)).toBe("1,200");
    expect(fieldValueText("agrees", true, context)).toBe("Yes");
    expect(fieldValueText("badge", { fileId: "f", name: "photo.jpg", size: 3 }, context)).toBe("photo.jpg");
    expect(fieldValueText("company", null, context)).toBe("—");
    expect(fieldValueText("company", "", context)).toBe("—");
  });

  it("names the guest from the first and last names shown", () => {
    expect(guestName({ firstName: "Zoé", lastName: "Lefèvre" })).toBe("Zoé Lefèvre");
    expect(guestName({ lastName: "Lefèvre", company: "Café" })).toBe("Lefèvre");
    expect(guestName({ company: "Café" })).toBeNull();
  });
});
