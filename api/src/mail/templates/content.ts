import type { TFunction } from "@tessera/shared";

/** The translator of the `mail` namespace in the recipient's language. */
export type MailTranslator = TFunction<"mail">;

/**
 * One piece of a message, as plain text with user values already in it: the layout escapes every
 * string when it builds the HTML, so templates never deal with HTML.
 */
export type MailBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "button"; label: string; href: string }
  | { kind: "code"; code: string }
  | { kind: "note"; text: string }
  /** Someone's own words (a guest's message), their line breaks kept. */
  | { kind: "quote"; text: string }
  /** A QR code of `code` (an inline PNG attachment in HTML; the text itself in the plain part), under `caption`. */
  | { kind: "qr"; code: string; caption: string; alt: string };

export interface MailContent {
  subject: string;
  /** The preview line mail clients show after the subject. */
  preview: string;
  blocks: MailBlock[];
  /** Instead of the usual footer ("replies are not read"), when replies do reach someone. */
  footer?: string;
}
