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
      ...(data.entryCode
        ? [
            {
              kind: "qr" as const,
              code: data.entryCode,
              caption: t("registration_confirmation.entry_code"),
              alt: t("registration_confirmation.entry_code_alt", names),
            },
          ]
        : []),
      { kind: "note", text: t("registration_confirmation.not_you") },
    ],
  };
}
