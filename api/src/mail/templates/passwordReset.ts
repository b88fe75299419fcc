import type { MailTemplateData } from "../mailer.ts";
import type { MailContent, MailTranslator } from "./content.ts";

export function passwordResetContent(t: MailTranslator, data: MailTemplateData["password_reset"]): MailContent {
  return {
    subject: t("password_reset.subject"),
    preview: t("password_reset.preview"),
    blocks: [
      { kind: "paragraph", text: t("password_reset.greeting", { firstName: data.firstName }) },
      { kind: "paragraph", text: t("password_reset.body", { accountName: data.accountName }) },
      { kind: "button", label: t("password_reset.button"), href: data.link },
      { kind: "paragraph", text: t("password_reset.expiry", { count: data.validMinutes }) },
      { kind: "note", text: t("password_reset.ignore") },
    ],
  };
}
