import type { AutoMailKind } from "@tessera/shared/rules/campaigns";

/** The words of one automatic mail's default: HTML where blocks take HTML, merge tags where values go. */
export interface AutoMailCopy {
  subject: string;
  /** The opening text's HTML (the greeting, the message). */
  body: string;
  /** A button under it, to a link merge tag of the kind. */
  button?: { label: string; link: "portalLink" | "badgeLink" | "signInLink" | "registrationLink" };
  /** The closing text's HTML (what else to know, the signature). */
  closing: string;
}

export interface AutoMailLanguageCopy {
  mails: Readonly<Record<AutoMailKind, AutoMailCopy>>;
  /** The footer's HTML: why the guest gets this message (no unsubscribe link: it is not a newsletter). */
  footer: string;
}
