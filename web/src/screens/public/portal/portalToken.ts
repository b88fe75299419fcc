import { PortalSignInBody } from "@tessera/shared/schemas/portal";

// The token's bounds as the API's schema declares them (its first form: { token }).
const TOKEN_SCHEMA = PortalSignInBody.anyOf[0].properties.token;

/**
 * The sign-in token of an emailed portal link, from the address's fragment ("#token=…"): the fragment
 * never reaches a server, so neither logs nor a mail scanner's GET see it. Null when it is missing or
 * cannot be one.
 */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token")?.trim() ?? "";
  const fits = token.length >= (TOKEN_SCHEMA.minLength ?? 1) && token.length <= (TOKEN_SCHEMA.maxLength ?? Infinity);
  return fits ? token : null;
}

/** The 6-digit code of the same email, as typed: spaces and dashes dropped. */
export function normalizeCode(typed: string): string {
  return typed.replace(/[\s-]/g, "");
}

export const CODE_PATTERN = /^[0-9]{6}$/;
