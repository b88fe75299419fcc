import { guestSearchText, normalizeGuestEmail, withoutAccents } from "@tessera/shared";
import type { Guest } from "../../models/Guest.ts";

type GuestIdentity = Pick<Guest, "firstName" | "lastName" | "email" | "company">;

/**
 * The derived columns of a guest row, recomputed from its identity fields on every write (API, import,
 * merge): the normalized email used for matching and duplicates, and the lowercase search text.
 */
export function derivedGuestColumns(
  guest: Partial<GuestIdentity>,
): Pick<Guest, "emailNormalized" | "searchText" | "nameKey"> {
  return {
    emailNormalized: normalizeGuestEmail(guest.email),
    searchText: guestSearchText(guest),
    nameKey: guestNameKey(guest.firstName, guest.lastName),
  };
}

/**
 * First and last name as compared for duplicates: trimmed, lowercase, accents removed, inner spaces
 * collapsed; null unless both are given (two guests known by email only are not "the same name").
 */
export function guestNameKey(firstName: string | null | undefined, lastName: string | null | undefined): string | null {
  const first = foldForComparison(firstName);
  const last = foldForComparison(lastName);
  return first && last ? `${first}|${last}` : null;
}

/** A name or company as two guests are compared: "  Élodie  MARTIN" → "elodie martin". */
export function foldForComparison(value: string | null | undefined): string {
  return withoutAccents(value ?? "")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, " ");
}

/** Trims strings and turns empty ones into null. */
export function cleanText(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}
