import type { MailTemplateData } from "../mailer.ts";
import type { MailContent, MailTranslator } from "./content.ts";

/** A guest's message to the organizer, quoted as written; replies go to the guest (the mail's Reply-To). */
export function contactMessageContent(t: MailTranslator, data: MailTemplateData["contact_message"]): MailContent {
  const names = { eventName: data.eventName, senderName: data.senderName, senderEmail: data.senderEmail };
  return {
    subject: data.subject
      ? t("contact_message.subject_with", { ...names, subject: data.subject })
      : t("contact_message.subject_without", names),
    preview: t("contact_message.preview", names),
    blocks: [
      { kind: "paragraph", text: t("contact_message.greeting", { firstName: data.firstName }) },
      { kind: "paragraph", text: t("contact_message.body", names) },
      ...(data.subject
        ? [{ kind: "paragraph" as const, text: t("contact_message.subject_line", { subject: data.subject }) }]
        : []),
      { kind: "quote", text: data.message },
      ...(data.isSignedInGuest ? [{ kind: "note" as const, text: t("contact_message.signed_in") }] : []),
      { kind: "paragraph", text: t("contact_message.reply", names) },
    ],
    footer: t("contact_message.footer"),
  };
}
