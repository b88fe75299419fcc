import type { Language } from "@tessera/shared";

export const PRODUCT_NAME = "Tessera";

/** The parts every message shares, already translated. */
export interface MailFrame {
  language: Language;
  footer: string;
  /** Introduces the raw link under a button, for clients that do not show buttons. */
  linkFallback: string;
}

/**
 * Links come from our own code, but a mail must never carry a javascript: or relative URL: parse it
 * and keep the normalised (percent-encoded) form.
 */
export function absoluteHttpLink(link: string): string {
  const url = new URL(link);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`A mail link must be an absolute http(s) URL, got "${url.protocol}"`);
  }
  return url.href;
}

/** Subjects are single-line headers whatever users typed in their names. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
