import { describe, expect, it } from "vitest";
import { createI18n, pickLanguage, resources } from "./index.ts";

function flatKeys(value: object, prefix = ""): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === "object" ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** Plural variants differ by language (French also has "many"): compare the base keys. */
function baseKeys(value: object): string[] {
  return [...new Set(flatKeys(value).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, "")))].sort();
}

describe("i18n", () => {
  it("has the same keys in en, fr and es for every namespace", () => {
    for (const namespace of Object.keys(resources.en) as Array<keyof typeof resources.en>) {
      const english = baseKeys(resources.en[namespace]);
      expect(baseKeys(resources.fr[namespace]), `fr ${namespace}`).toEqual(english);
      expect(baseKeys(resources.es[namespace]), `es ${namespace}`).toEqual(english);
    }
  });

  it("uses French's two plural forms (0 and 1 are singular)", () => {
    const t = createI18n("fr").getFixedT("fr", "errors");
    expect(t("too_many_attempts", { count: 0 })).toBe("Trop de tentatives. Réessayez dans 0 minute.");
    expect(t("too_many_attempts", { count: 1 })).toBe("Trop de tentatives. Réessayez dans 1 minute.");
    expect(t("too_many_attempts", { count: 2 })).toBe("Trop de tentatives. Réessayez dans 2 minutes.");
    const en = createI18n("en").getFixedT("en", "errors");
    expect(en("too_many_attempts", { count: 0 })).toBe("Too many attempts. Try again in 0 minutes.");
  });

  it("keeps the spec's messages word for word", () => {
    const t = createI18n().getFixedT("en");
    expect(t("invalid_credentials", { ns: "errors" })).toBe("Invalid email or password.");
    expect(t("incomplete_fields", { ns: "errors" })).toBe("Please complete all fields.");
    expect(t("guest_not_deleted", { ns: "errors", reason: "has a ticket" })).toBe(
      "Guest could not be deleted. Reason: has a ticket",
    );
    expect(t("passwords_do_not_match", { ns: "validation" })).toBe("Passwords do not match");
    expect(t("number_negative", { ns: "validation" })).toBe("The number can't be negative.");
  });

  it("picks the caller's language from Accept-Language", () => {
    expect(pickLanguage(undefined)).toBe("en");
    expect(pickLanguage("fr-CA,fr;q=0.9")).toBe("fr");
    expect(pickLanguage("de-DE, es;q=0.4, fr;q=0.8")).toBe("fr");
    expect(pickLanguage("de, it")).toBe("en");
    expect(pickLanguage("es;q=0, fr;q=0.1")).toBe("fr");
  });
});
