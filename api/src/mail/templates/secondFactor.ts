import type { MailTemplateData } from "../mailer.ts";
import type { MailContent, MailTranslator } from "./content.ts";

export function secondFactorContent(t: MailTranslator, data: MailTemplateData["second_factor"]): MailContent {
  return {
    subject: t("second_factor.subject"),
    preview: t("second_factor.preview"),
    blocks: [
      { kind: "paragraph", text: t("second_factor.greeting", { firstName: data.firstName }) },
      { kind: "paragraph", text: t("second_factor.body") },
      { kind: "code", code: data.code },
      { kind: "paragraph", text: t("second_factor.expiry", { count: data.validMinutes }) },
      { kind: "note", text: t("second_factor.ignore") },
    ],
  };
}
