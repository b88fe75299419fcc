import { describe, expect, it } from "vitest";
import { loadI18n } from "@/app/language.ts";
import { fieldLabelKey } from "./historyFields.ts";
import { formatHistoryValue, type HistoryValue, type HistoryValueContext } from "./historyValues.ts";

const USER_ID = "0b6a3c1e-2f4d-4e5a-9b8c-7d6e5f4a3b2c";
const TEAM_ID = "1c7b4d2f-3a5e-4f6b-8c9d-8e7f6a5b4c3d";
// The instances the web app uses: each language's catalogues as the page downloads them.
const i18nIn = { en: await loadI18n("en"), fr: await loadI18n("fr") };

function contextIn(language: "en" | "fr"): HistoryValueContext {
  return {
    t: i18nIn[language].getFixedT(language, "web"),
    language,
    timeZone: "Europe/Paris",
    names: { users: new Map([[USER_ID, "Ona Reyes"]]), teams: new Map([[TEAM_ID, "Crew"]]) },
    fields: new Map(),
  };
}

const text = (field: string, value: unknown, language: "en" | "fr" = "en") =>
  formatHistoryValue("event", field, value, contextIn(language));

describe("history values", () => {
  it("names fields with the labels of their screens, and hides the ones it has none for", () => {
    const t = i18nIn.fr.getFixedT("fr", "web");
    expect(t(fieldLabelKey("event", "venueName")!)).toBe(t("events.venueName"));
    expect(t(fieldLabelKey("event", "userId")!)).toBe("Utilisateur");
    expect(t(fieldLabelKey("guest", "companionsExpected")!)).toBe("Accompagnants prévus");
    expect(t(fieldLabelKey("customField", "isRequired")!)).toBe("Obligatoire");
    expect(fieldLabelKey("event", "somethingNew")).toBeNull();
    expect(fieldLabelKey("event", "id")).toBeNull();
    expect(fieldLabelKey("guest", "answers")).toBeNull();
  });

  it("reads timestamps in the event's time zone", () => {
    // ICU versions differ in the spaces they put around the time: compare words only.
    const words = (value: HistoryValue) => ("text" in value ? value.text : "").replace(/\s/g, " ");
    expect(words(text("startsAt", "2027-06-10T07:00:00.000Z"))).toBe("Jun 10, 2027, 9:00 AM");
    expect(words(text("registrationClosesAt", "2027-01-10T08:30:00.000Z", "fr"))).toBe("10 janv. 2027, 09:30");
  });

  it("says yes/no, joins lists, names languages, flags, countries, users and teams", () => {
    expect(text("isAllDay", true)).toEqual({ text: "Yes" });
    expect(text("isAllDay", false, "fr")).toEqual({ text: "Non" });
    expect(text("languages", ["en", "fr"])).toEqual({ text: "English, Français" });
    expect(text("customDomains", ["a.example.org", "b.example.org"])).toEqual({ text: "a.example.org, b.example.org" });
    expect(text("modules", { forms: true, campaigns: false, checkin: true })).toEqual({ text: "Forms, Check-in" });
    expect(text("socialLinks", { facebook: "https://facebook.com/x", twitter: null })).toEqual({
      text: "Facebook: https://facebook.com/x",
    });
    expect(text("country", "FR")).toEqual({ text: "France" });
    expect(text("userId", USER_ID)).toEqual({ text: "Ona Reyes" });
    expect(text("teamId", TEAM_ID)).toEqual({ text: "Crew" });
    expect(text("teamId", "1d8c5e30-4b6f-4a7c-9dae-9f8a7b6c5d4e")).toEqual({ text: "a deleted team" });
    expect(text("maxAttendees", null)).toEqual({ text: "Unlimited" });
    expect(text("venueName", null)).toEqual({ text: "—" });
    expect(text("latitude", 48.856613)).toEqual({ text: "48.856613" });
    expect(text("logoImageId", USER_ID)).toEqual({ imageUrl: `/media/images/${USER_ID}` });
  });
});
