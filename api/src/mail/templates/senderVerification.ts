import type { MailTemplateData } from "../mailer.ts";
import type { MailContent, MailTranslator } from "./content.ts";

/** An account added this address as a sender of its campaigns: the link proves the address is theirs. */
export function senderVerificationContent(
  t: MailTranslator,
  data: MailTemplateData["sender_verification"],
): MailContent {
  const names = { email: data.email, accountName: data.accountName };
  return {
    subject: t("sender_verification.subject", names),
    preview: t("sender_verification.preview", names),
    blocks: [
      { kind: "paragraph", text: t("sender_verification.greeting") },
      { kind: "paragraph", text: t("sender_verification.body", names) },
      { kind: "button", label: t("sender_verification.button"), href: data.link },
      { kind: "paragraph", text: t("sender_verification.expiry", { count: data.validHours }) },
      { kind: "note", text: t("sender_verification.ignore") },
    ],
  };
}
