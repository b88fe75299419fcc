import { describe, expect, it } from "vitest";
import type { OrganizerJson } from "@/queries/ticketingParams.ts";
import {
  billingValues,
  emptyBillingValues,
  formatSiret,
  organizerBody,
  shareCapitalCents,
  siretState,
} from "./billingForm.ts";
import { paramsBody, paramsValues } from "./paramsForm.ts";

const at = "2030-01-01T10:00:00.000Z";
const organizer: OrganizerJson = {
  id: "o",
  corporateName: "Maison Lumière",
  legalStructure: "SAS",
  shareCapitalCents: 1_000_050,
  siret: "73282932000074",
  rcsNumber: "RCS Paris 732 829 320",
  street: "1 rue de la Paix",
  zip: "75002",
  city: "Paris",
  vatStatus: "subject",
  vatNumber: null,
  legalMentions: null,
  createdAt: at,
  updatedAt: at,
};

describe("the Params tab's billing form", () => {
  it("tells how a SIRET reads while it is typed, with shared's checksum", () => {
    expect(siretState("")).toBe("empty");
    expect(siretState("732 829")).toBe("incomplete");
    expect(siretState("732 829 320 00075")).toBe("invalid");
    expect(siretState("732 829 320 00074")).toBe("valid");
    expect(siretState("7328293200007a")).toBe("invalid");
    expect(formatSiret("73282932000074")).toBe("732 829 320 00074");
  });

  it("reads a share capital in each language's notation", () => {
    expect(shareCapitalCents("", "fr")).toBeNull();
    expect(shareCapitalCents("10 000,50", "fr")).toBe(1_000_050);
    expect(shareCapitalCents("10,000.50", "en")).toBe(1_000_050);
    expect(shareCapitalCents("10.000", "es")).toBe(1_000_000);
    expect(shareCapitalCents("10000.5", "fr")).toBe(1_000_050);
    expect(shareCapitalCents("1,000", "fr")).toBeUndefined();
    expect(shareCapitalCents("-5", "en")).toBeUndefined();
    expect(shareCapitalCents("100000000001", "en")).toBeUndefined();
  });

  it("sends an organizer's details with the SIRET's digits, blanks as null; and shows them back", () => {
    const values = {
      ...emptyBillingValues(),
      corporateName: " Maison Lumière ",
      shareCapital: "10 000,50",
      siret: "732 829 320 00074",
      vatStatus: "margin" as const,
      city: "  ",
    };
    expect(organizerBody(values, "fr")).toEqual({
      corporateName: "Maison Lumière",
      legalStructure: null,
      shareCapitalCents: 1_000_050,
      siret: "73282932000074",
      rcsNumber: null,
      street: null,
      zip: null,
      city: null,
      vatStatus: "margin",
      vatNumber: null,
      legalMentions: null,
    });
    expect(organizerBody(values, "fr", "o")).toMatchObject({ id: "o" });
    const shown = billingValues(organizer, "fr");
    expect(shown).toMatchObject({ shareCapital: "10000,50", siret: "732 829 320 00074", vatNumber: "" });
    expect(organizerBody(shown, "fr", "o")).toMatchObject({ shareCapitalCents: 1_000_050, siret: "73282932000074" });
  });

  it("sends only the ticketing parameters that changed", () => {
    const params = {
      ticketOffice: "closed" as const,
      mode: "test" as const,
      terms: null,
      paymentMethods: ["card" as const],
      organizerId: null,
      salesStartedAt: null,
      updatedAt: null,
    };
    const values = paramsValues(params);
    expect(paramsBody(values, params)).toBeNull();
    expect(paramsBody({ ...values, terms: "  " }, params)).toBeNull();
    expect(
      paramsBody({ mode: "live", paymentMethods: ["desk", "card"], terms: " Pay before the event. " }, params),
    ).toEqual({ mode: "live", paymentMethods: ["card", "desk"], terms: "Pay before the event." });
    expect(paramsBody({ ...values, paymentMethods: [] }, params)).toEqual({ paymentMethods: [] });
  });
});
