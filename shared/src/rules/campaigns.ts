/**
 * Campaign vocabulary of spec §2/§3/§4/§5, shared by the API and the web (issue 15).
 *
 * Types (spec §2): save the date, invitation, reflate (a second invitation to who has not answered), reminder,
 * thank, custom.
 *
 * States (spec §4: scheduled, sent, pending):
 *   pending    being written; it can be edited, sent now or scheduled
 *   scheduled  to be sent at its sending date; it can be cancelled (back to pending), not sent again
 *   sending    its recipients are being sent to (a scheduled one whose date came, or one sent now)
 *   sent       every recipient was tried; it cannot be sent again
 */
export const CAMPAIGN_TYPES = ["save_the_date", "invitation", "reflate", "reminder", "thank", "custom"] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

export const CAMPAIGN_STATES = ["pending", "scheduled", "sending", "sent"] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** Spec §5 and §9: a campaign's subject is at most 80 characters. */
export const CAMPAIGN_SUBJECT_MAX = 80;
export const CAMPAIGN_NAME_MAX = 200;
export const CAMPAIGN_FROM_NAME_MAX = 100;
export const CAMPAIGN_PREVIEW_TEXT_MAX = 200;

/** The languages a campaign's content and templates come in. */
export const CAMPAIGN_LANGUAGES = ["en", "fr", "es"] as const;
export type CampaignLanguage = (typeof CAMPAIGN_LANGUAGES)[number];

/** Credit kinds of spec §3: event credits and campaign credits, each per account. */
export const CREDIT_KINDS = ["event", "campaign"] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/**
 * A recipient's message in a send's ledger: queued (to send), sending (a sender took it and is handing it to the
 * mail server), sent (the mail server accepted it), failed (refused for good, or given up after retries), bounced
 * (accepted, then returned: a hard bounce).
 */
export const CAMPAIGN_RECIPIENT_STATUSES = ["queued", "sending", "sent", "failed", "bounced"] as const;
export type CampaignRecipientStatus = (typeof CAMPAIGN_RECIPIENT_STATUSES)[number];

/**
 * Why a guest the campaign's targeting matched gets no message (spec §5, issue 15 item 2), in the order they are
 * told apart: no address; a companion who has not answered; unsubscribed; a bounced address; a blocked one.
 */
export const CAMPAIGN_EXCLUSIONS = ["no_email", "companion_unanswered", "unsubscribed", "bounced", "blocked"] as const;
export type CampaignExclusion = (typeof CAMPAIGN_EXCLUSIONS)[number];

/**
 * What happened to a recipient's message after it went out (campaign_events.kind): delivered (the receiving
 * server's word), opened, clicked, unsubscribed, a hard bounce, a soft (temporary) bounce, a complaint (marked as
 * spam). Opens and clicks are each a person's or a machine's (privacy proxies, link scanners).
 */
export const CAMPAIGN_EVENT_KINDS = [
  "delivered",
  "open",
  "click",
  "unsubscribe",
  "bounce",
  "soft_bounce",
  "complaint",
] as const;
export type CampaignEventKind = (typeof CAMPAIGN_EVENT_KINDS)[number];

/**
 * Why mail to an address fails (spec §3 mail error, §7 errormails), per account: a hard bounce (the address does
 * not exist), a soft bounce (mailbox full, server down), a complaint, blocked (refused by the mail server or by
 * the organizer), another error. The suppressing ones keep the address from every send of the account.
 */
export const MAIL_ERROR_KINDS = ["hard_bounce", "soft_bounce", "complaint", "blocked", "error"] as const;
export type MailErrorKind = (typeof MAIL_ERROR_KINDS)[number];
export const SUPPRESSING_MAIL_ERRORS: readonly MailErrorKind[] = ["hard_bounce", "complaint", "blocked"];

/** Where a mail error was learnt: the SMTP answer, a delivery status notification, a provider's webhook, a person. */
export const MAIL_ERROR_SOURCES = ["smtp", "dsn", "webhook", "manual"] as const;
export type MailErrorSource = (typeof MAIL_ERROR_SOURCES)[number];

/** The automatic mails an event sends (issue 15 item 7), each editable per event and language. */
export const AUTO_MAIL_KINDS = [
  "registration_confirmation",
  "registration_approved",
  "registration_rejected",
  "registration_cancelled",
  "magic_link",
  "order_confirmation",
  "order_refund",
] as const;
export type AutoMailKind = (typeof AUTO_MAIL_KINDS)[number];
