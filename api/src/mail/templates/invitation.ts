import type { MailTemplateData } from "../mailer.ts";
import type { MailContent, MailTranslator } from "./content.ts";

export function invitationContent(t: MailTranslator, data: MailTemplateData["invitation"]): MailContent {
  const names = { inviterName: data.inviterName, accountName: data.accountName };
  return {
    subject: t("invitation.subject", names),
    preview: t("invitation.preview", names),
    blocks: [
      { kind: "paragraph", text: t("invitation.greeting", { firstName: data.firstName }) },
      { kind: "paragraph", text: t("invitation.body", names) },
      { kind: "button", label: t("invitation.button"), href: data.link },
      { kind: "paragraph", text: t("invitation.expiry", { count: data.validDays }) },
      { kind: "note", text: t("invitation.ignore") },
    ],
  };
}
