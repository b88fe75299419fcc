/**
 * An email address as mail servers take it today (RFC 5321, with RFC 6531's internationalised addresses):
 * a local part of letters of any script, digits and the usual symbols, dot-separated; a domain of
 * labels of letters (IDN), digits and inner hyphens. "marie-hélène@exemple.fr" and "josé@correo.es"
 * are addresses; ajv's own "email" format refuses every non-ASCII letter.
 */
const LOCAL_ATOM = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const DOMAIN_LABEL = "[\\p{L}\\p{M}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]*[\\p{L}\\p{M}\\p{N}])?";
const EMAIL = new RegExp(`^${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*@(?:${DOMAIN_LABEL}\\.)+${DOMAIN_LABEL}$`, "u");

export function isEmailAddress(text: string): boolean {
  return text.length <= 254 && EMAIL.test(text);
}
