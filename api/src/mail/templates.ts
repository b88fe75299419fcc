import { createI18n, type i18n } from "@tessera/shared";
import type { MailRequest, MailTemplateData } from "./mailer.ts";
import type { MailContent, MailTranslator } from "./templates/content.ts";
import { QR_CID, renderHtml } from "./templates/htmlLayout.ts";
import { qrPng } from "../services/checkin-codes/qr.ts";
import { contactMessageContent } from "./templates/contactMessage.ts";
import { guestSignInContent } from "./templates/guestSignIn.ts";
import { invitationContent } from "./templates/invitation.ts";
import { oneLine, type MailFrame } from "./templates/layout.ts";
import { passwordResetContent } from "./templates/passwordReset.ts";
import { registrationConfirmationContent } from "./templates/registrationConfirmation.ts";
import { secondFactorContent } from "./templates/secondFactor.ts";
import { senderVerificationContent } from "./templates/senderVerification.ts";
import { renderText } from "./templates/textLayout.ts";
import { waitingListPromotedContent } from "./templates/waitingListPromoted.ts";

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** Inline images the HTML shows by Content-ID (a QR code). */
  attachments: { filename: string; content: Buffer; contentType: string; cid: string }[];
}

let translations: i18n | null = null;

function translatorFor(language: MailRequest["language"]): MailTranslator {
  translations ??= createI18n();
  return translations.getFixedT(language, "mail");
}

function contentOf(request: Exclude<MailRequest, { template: "auto_mail" }>, t: MailTranslator): MailContent {
  switch (request.template) {
    case "password_reset":
      return passwordResetContent(t, request.data);
    case "invitation":
      return invitationContent(t, request.data);
    case "second_factor":
      return secondFactorContent(t, request.data);
    case "registration_confirmation":
      return registrationConfirmationContent(t, request.data);
    case "guest_sign_in":
      return guestSignInContent(t, request.data);
    case "contact_message":
      return contactMessageContent(t, request.data);
    case "waiting_list_promoted":
      return waitingListPromotedContent(t, request.data);
    case "sender_verification":
      return senderVerificationContent(t, request.data);
  }
}

/** A QR block's PNG, attached inline (Content-ID): mail clients show those, where many block data URIs. */
async function inlineImages(content: MailContent): Promise<RenderedMail["attachments"]> {
  const qr = content.blocks.find((block) => block.kind === "qr");
  if (!qr) return [];
  return [{ filename: "entry-code.png", content: await qrPng(qr.code, 6), contentType: "image/png", cid: QR_CID }];
}

/** Renders a request into its subject, HTML (MJML) and plain-text parts, in the request's language. */
export async function renderMail(request: MailRequest): Promise<RenderedMail> {
  if (request.template === "auto_mail") return renderedAutoMail(request.data);
  const t = translatorFor(request.language);
  const content = contentOf(request, t);
  const frame: MailFrame = {
    language: request.language,
    footer: content.footer ?? t("footer"),
    linkFallback: t("link_fallback"),
  };
  return {
    subject: oneLine(content.subject),
    html: await renderHtml(content, frame),
    text: renderText(content, frame),
    attachments: await inlineImages(content),
  };
}

/** An automatic mail comes rendered (its event's wording); only its entry code's QR image is made here. */
async function renderedAutoMail(data: MailTemplateData["auto_mail"]): Promise<RenderedMail> {
  const attachments = data.entryCode
    ? [{ filename: "entry-code.png", content: await qrPng(data.entryCode, 6), contentType: "image/png", cid: QR_CID }]
    : [];
  return { subject: data.subject, html: data.html, text: data.text, attachments };
}
