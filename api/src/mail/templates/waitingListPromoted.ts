import type { MailTemplateData } from "../mailer.ts";
import type { MailContent, MailTranslator } from "./content.ts";

/** A waiting guest got the full answer they waited for: a place of it freed up. */
export function waitingListPromotedContent(
  t: MailTranslator,
  data: MailTemplateData["waiting_list_promoted"],
): MailContent {
  const names = { eventName: data.eventName, answer: data.answer, question: data.question };
  return {
    subject: t("waiting_list_promoted.subject", names),
    preview: t("waiting_list_promoted.preview", names),
    blocks: [
      { kind: "paragraph", text: t("waiting_list_promoted.greeting", { firstName: data.firstName }) },
      { kind: "paragraph", text: t("waiting_list_promoted.body", names) },
      { kind: "button", label: t("waiting_list_promoted.button"), href: data.link },
      { kind: "note", text: t("waiting_list_promoted.change") },
    ],
  };
}
