import type { MailTemplateData } from "../mailer.ts";
import type { MailContent, MailTranslator } from "./content.ts";

export function guestSignInContent(t: MailTranslator, data: MailTemplateData["guest_sign_in"]): MailContent {
  const names = { eventName: data.eventName };
  return {
    subject: t("guest_sign_in.subject", names),
    preview: t("guest_sign_in.preview", names),
    blocks: [
      { kind: "paragraph", text: t("guest_sign_in.greeting", { firstName: data.firstName }) },
      { kind: "paragraph", text: t("guest_sign_in.body", names) },
      { kind: "button", label: t("guest_sign_in.button"), href: data.link },
      { kind: "paragraph", text: t("guest_sign_in.code") },
      { kind: "code", code: data.code },
      { kind: "paragraph", text: t("guest_sign_in.expiry", { count: data.validMinutes }) },
      { kind: "note", text: t("guest_sign_in.ignore") },
    ],
  };
}
