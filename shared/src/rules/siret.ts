/**
 * French company identifiers (spec §3 Organizer/billing and Order: "Siret"; §5: SIRET needed before billing
 * info). A SIREN has 9 digits and identifies a company; a SIRET has 14: the SIREN then a 5-digit NIC that
 * identifies one establishment. Both end with a Luhn check digit (INSEE), with one exception: the
 * establishments of La Poste (SIREN 356000000) are numbered so that the sum of the SIRET's digits is a multiple
 * of 5 instead — its head office, 356 000 000 00048, happens to pass Luhn too.
 *
 * These take the compact form only (digits, no spaces): compactSiret strips the spaces people type
 * ("732 829 320 00074") before validating and storing.
 */

export const SIREN_LENGTH = 9;
export const SIRET_LENGTH = 14;
export const LA_POSTE_SIREN = "356000000";

/** The text without its whitespace (spaces, non-breaking spaces, tabs). */
export function compactSiret(text: string): string {
  return text.replace(/\s+/gu, "");
}

/** The Luhn checksum of a string of digits is valid (every second digit from the right doubled). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function isDigits(text: string, length: number): boolean {
  return text.length === length && /^[0-9]+$/.test(text);
}

/** A valid SIREN: 9 digits with a valid Luhn checksum. */
export function isValidSiren(text: string): boolean {
  return isDigits(text, SIREN_LENGTH) && passesLuhn(text);
}

/**
 * A valid SIRET: 14 digits with a valid Luhn checksum; or, for an establishment of La Poste (starting with
 * 356000000), whose digits add up to a multiple of 5.
 */
export function isValidSiret(text: string): boolean {
  if (!isDigits(text, SIRET_LENGTH)) return false;
  if (passesLuhn(text)) return true;
  if (!text.startsWith(LA_POSTE_SIREN)) return false;
  let sum = 0;
  for (const c of text) sum += c.charCodeAt(0) - 48;
  return sum % 5 === 0;
}
