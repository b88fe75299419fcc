import { compactSiret, isValidSiret, SIRET_LENGTH } from "@tessera/shared/rules/siret";
import { SHARE_CAPITAL_MAX_CENTS, type VatStatus } from "@tessera/shared/schemas/ticketingBilling";
import type { OrganizerJson, OrganizerSaveBody } from "@/queries/ticketingParams.ts";
import { centsToAmount } from "../prices.ts";

/*
 * The Params tab's billing form (spec §3 Organizer/billing): an organizer of the account as the organizer types it
 * (a share capital in euros in their language's notation, a SIRET with its spaces) to what the API takes and back.
 * The SIRET is checked with shared's rule, the one the API applies.
 */

export interface BillingValues {
  corporateName: string;
  legalStructure: string;
  /** Euros, in the language's notation; empty: not given. */
  shareCapital: string;
  siret: string;
  rcsNumber: string;
  street: string;
  zip: string;
  city: string;
  vatStatus: VatStatus;
  vatNumber: string;
  legalMentions: string;
}

export const emptyBillingValues = (): BillingValues => ({
  corporateName: "",
  legalStructure: "",
  shareCapital: "",
  siret: "",
  rcsNumber: "",
  street: "",
  zip: "",
  city: "",
  vatStatus: "subject",
  vatNumber: "",
  legalMentions: "",
});

/** A SIRET as people read it: "732 829 320 00074" (the SIREN in threes, then the NIC). */
export function formatSiret(siret: string): string {
  const digits = compactSiret(siret);
  if (!/^\d{14}$/.test(digits)) return siret;
  return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}`;
}

/** An organizer's values in the form. */
export function billingValues(organizer: OrganizerJson, language: string): BillingValues {
  return {
    corporateName: organizer.corporateName,
    legalStructure: organizer.legalStructure ?? "",
    shareCapital: organizer.shareCapitalCents === null ? "" : centsToAmount(organizer.shareCapitalCents, language),
    siret: formatSiret(organizer.siret),
    rcsNumber: organizer.rcsNumber ?? "",
    street: organizer.street ?? "",
    zip: organizer.zip ?? "",
    city: organizer.city ?? "",
    vatStatus: organizer.vatStatus,
    vatNumber: organizer.vatNumber ?? "",
    legalMentions: organizer.legalMentions ?? "",
  };
}

/**
 * A share capital typed in euros in cents: "10 000,50" in French, "10,000.50" in English, "10.000" in Spanish.
 * The last "." or "," separates the cents when one or two digits follow it (or when it is the language's decimal
 * separator), and groups thousands when three follow it; the other separators group thousands. Null when empty,
 * undefined when it is not an amount from 0 to the largest share capital with at most two decimals.
 */
export function shareCapitalCents(text: string, language: string): number | null | undefined {
  const decimal =
    new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";
  const cleaned = text.replace(/[\s\u00a0\u202f']/g, "");
  if (!cleaned) return null;
  const last = Math.max(cleaned.lastIndexOf("."), cleaned.lastIndexOf(","));
  let units = cleaned;
  let hundredths = "";
  if (last >= 0) {
    const tail = cleaned.slice(last + 1);
    const head = cleaned.slice(0, last).replace(/[.,]/g, "");
    if (tail.length === 3 && cleaned[last] !== decimal) units = head + tail;
    else if (tail.length >= 1 && tail.length <= 2) [units, hundredths] = [head, tail];
    else return undefined;
  }
  if (!/^\d+$/.test(units) || !/^\d*$/.test(hundredths)) return undefined;
  const cents = Number(units) * 100 + Number(hundredths.padEnd(2, "0"));
  return Number.isSafeInteger(cents) && cents <= SHARE_CAPITAL_MAX_CENTS ? cents : undefined;
}

/** What the SIRET field says while it is typed: nothing yet, digits still missing, a bad checksum, or valid. */
export type SiretState = "empty" | "incomplete" | "invalid" | "valid";

export function siretState(text: string): SiretState {
  const digits = compactSiret(text);
  if (!digits) return "empty";
  if (/^\d+$/.test(digits) && digits.length < SIRET_LENGTH) return "incomplete";
  return isValidSiret(digits) ? "valid" : "invalid";
}

const orNull = (text: string) => text.trim() || null;

/** The body that saves the organizer (all its fields; `id` when it changes one); the form's checks have passed. */
export function organizerBody(values: BillingValues, language: string, organizerId?: string): OrganizerSaveBody {
  return {
    ...(organizerId ? { id: organizerId } : {}),
    corporateName: values.corporateName.trim(),
    legalStructure: orNull(values.legalStructure),
    shareCapitalCents: shareCapitalCents(values.shareCapital, language) ?? null,
    siret: compactSiret(values.siret),
    rcsNumber: orNull(values.rcsNumber),
    street: orNull(values.street),
    zip: orNull(values.zip),
    city: orNull(values.city),
    vatStatus: values.vatStatus,
    vatNumber: orNull(values.vatNumber),
    legalMentions: orNull(values.legalMentions),
  };
}
