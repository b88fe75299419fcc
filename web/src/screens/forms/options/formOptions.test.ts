import { describe, expect, it } from "vitest";
import { closesBeforeOpens, formatFileSize, optionsRequests, valuesOf, type OptionsValues } from "./formOptions.ts";

const saved = valuesOf(
  {
    requiresApproval: false,
    opensAt: null,
    closesAt: "2027-07-14T07:30:00.000Z",
    confirmationMessage: { en: "Thanks" },
    publishAttendees: false,
    waitingList: true,
  },
  "Europe/Paris",
);
const edit = (patch: Partial<OptionsValues>): OptionsValues => ({ ...saved, ...patch });

describe("formOptions", () => {
  it("reads the options as the panel edits them: dates in the event's zone, every language's message", () => {
    expect(saved).toEqual({
      requiresApproval: false,
      opensAt: "",
      closesAt: "2027-07-14T09:30",
      confirmationMessage: { en: "Thanks", fr: "", es: "" },
      publishAttendees: false,
      waitingList: true,
    });
  });

  it("sends nothing when nothing changed", () => {
    expect(optionsRequests(saved, edit({}), "Europe/Paris", "registration")).toEqual([]);
  });

  it("sends the changed options with the first changed message, then one request for each other language", () => {
    const values = edit({
      requiresApproval: true,
      closesAt: "",
      confirmationMessage: { en: "Thanks", fr: "Merci", es: "Gracias" },
    });
    expect(optionsRequests(saved, values, "Europe/Paris", "registration")).toEqual([
      { params: { requiresApproval: true, closesAt: null, confirmationMessage: "Merci" }, language: "fr" },
      { params: { confirmationMessage: "Gracias" }, language: "es" },
    ]);
  });

  it("sends the options alone when no message changed, dates as UTC instants", () => {
    const values = edit({ opensAt: "2027-07-01T10:00", publishAttendees: true, waitingList: false });
    expect(optionsRequests(saved, values, "Europe/Paris", "survey")).toEqual([
      { params: { opensAt: "2027-07-01T08:00:00.000Z" } },
    ]);
    expect(optionsRequests(saved, values, "Europe/Paris", "registration")).toEqual([
      { params: { publishAttendees: true, waitingList: false } },
    ]);
  });

  it("finds a closing date at or before the opening", () => {
    expect(closesBeforeOpens({ opensAt: "2027-07-01T10:00", closesAt: "2027-07-01T09:00" })).toBe(true);
    expect(closesBeforeOpens({ opensAt: "2027-07-01T10:00", closesAt: "2027-07-01T10:00" })).toBe(true);
    expect(closesBeforeOpens({ opensAt: "2027-07-01T10:00", closesAt: "2027-07-02T09:00" })).toBe(false);
    expect(closesBeforeOpens({ opensAt: "", closesAt: "2027-07-01T09:00" })).toBe(false);
  });

  it("says a file's size in the reader's language", () => {
    expect(formatFileSize(812, "en")).toBe("812 bytes");
    expect(formatFileSize(245_300, "en")).toBe("245 kB");
    expect(formatFileSize(1_234_567, "en")).toBe("1.2 MB");
    expect(formatFileSize(45, "fr")).toMatch(/^45\soctets$/);
    expect(formatFileSize(1_234_567, "fr")).toBe("1,2\u202fMo");
  });
});
