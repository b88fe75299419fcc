import { describe, expect, it } from "vitest";
import { syncAgeText } from "./syncAge.ts";

describe("the age of the desk's last sync", () => {
  it("reads in the language, in the unit that fits", () => {
    expect(syncAgeText(0, "en")).toBe("now");
    expect(syncAgeText(42_500, "en")).toBe("42 seconds ago");
    expect(syncAgeText(2 * 60_000 + 5_000, "en")).toBe("2 minutes ago");
    expect(syncAgeText(3 * 3_600_000, "en")).toBe("3 hours ago");
    expect(syncAgeText(72 * 3_600_000, "en")).toBe("3 days ago");
    expect(syncAgeText(2 * 60_000, "fr")).toBe("il y a 2 minutes");
    expect(syncAgeText(2 * 60_000, "es")).toBe("hace 2 minutos");
  });
});
