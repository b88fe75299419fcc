import { guestSearchText, normalizeGuestEmail } from "@tessera/shared";
import type { Guest } from "../../models/Guest.ts";

type GuestIdentity = Pick<Guest, "firstName" | "lastName" | "email" | "company">;

/**
 * The derived columns of a guest row, recomputed from its identity fields on every write (API, import,
 * merge): the normalized email used for matching and duplicates, and the lowercase search text.
 */
export function derivedGuestColumns(guest: Partial<GuestIdentity>): Pick<Guest, "emailNormalized" | "searchText"> {
  return {
    emailNormalized: normalizeGuestEmail(guest.email),
    searchText: guestSearchText(guest),
  };
}

/** Trims strings and turns empty ones into null. */
export function cleanText(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}
