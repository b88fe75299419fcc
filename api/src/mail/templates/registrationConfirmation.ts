import type { MailTemplateData } from "../mailer.ts";
import type { MailContent, MailTranslator } from "./content.ts";

export function registrationConfirmationContent(
  t: MailTranslator,
  data: MailTemplateData["registration_confirmation"],
): MailContent {
  const names = { eventName: data.eventName };
  return {
    subject: t(`registration_confirmation.subject_${data.outcome}`, names),
    preview: t(`registration_confirmation.subject_${data.outcome}`, names),
    blocks: [
      { kind: "paragraph", text: t("registration_confirmation.greeting", { firstName: data.firstName }) },
      { kind: "paragraph", text: t(`registration_confirmation.body_${data.outcome}`, names) },
      { kind: "note", text: t("registration_confirmation.not_you") },
    ],
  };
}
