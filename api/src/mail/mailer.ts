import type { Language } from "@tessera/shared";

export type MailTemplate =
  | "password_reset"
  | "invitation"
  | "second_factor"
  | "registration_confirmation"
  | "guest_sign_in"
  | "waiting_list_promoted"
  | "contact_message"
  | "sender_verification"
  | "auto_mail";

/** How a registration through a form ended, as its confirmation email says it. */
export type RegistrationOutcome = "confirmed" | "pending" | "declined";

/** What each template needs. Links are absolute URLs. */
export interface MailTemplateData {
  password_reset: { firstName: string; accountName: string; link: string; validMinutes: number };
  invitation: { firstName: string; accountName: string; inviterName: string; link: string; validDays: number };
  second_factor: { firstName: string; code: string; validMinutes: number };
  /** `entryCode`: a confirmed guest's signed entry code, shown as a QR image (an inline attachment). */
  registration_confirmation: {
    firstName: string;
    eventName: string;
    outcome: RegistrationOutcome;
    entryCode?: string;
  };
  guest_sign_in: { firstName: string; eventName: string; link: string; code: string; validMinutes: number };
  /**
   * A place of a full answer freed up and became the waiting guest's: the question and the answer's labels,
   * and the link to the event's guest portal (its sign-in page) to check or change the registration.
   */
  waiting_list_promoted: { firstName: string; eventName: string; question: string; answer: string; link: string };
  /** A guest's message to the organizer (the contact form): `firstName` is the organizer's. */
  contact_message: {
    firstName: string;
    eventName: string;
    senderName: string;
    senderEmail: string;
    subject: string | null;
    message: string;
    isSignedInGuest: boolean;
  };
  /** An account's new sender address: the link to the page that verifies it, valid `validHours`. */
  sender_verification: { email: string; accountName: string; link: string; validHours: number };
  /**
   * An event's automatic mail (issue 15 item 7), already rendered from its wording (api/src/services/autoMails);
   * `entryCode`: shown as the QR image its HTML refers to by Content-ID.
   */
  auto_mail: { subject: string; html: string; text: string; entryCode?: string };
}

export type MailRequest = {
  [K in MailTemplate]: {
    to: string;
    /** Where replies go (a guest's message to the organizer: the guest). */
    replyTo?: string;
    template: K;
    language: Language;
    data: MailTemplateData[K];
  };
}[MailTemplate];

export interface Mailer {
  /**
   * Queues a message through the job queue: resolves once queued, so a mail server that is down
   * never fails the request that caused the mail.
   */
  send(request: MailRequest): Promise<void>;
}
