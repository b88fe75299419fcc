import { isLanguage, normalizeGuestEmail } from "@tessera/shared";
import type { CaptchaChallenge, ContactMessageBody, ContactMessageResult } from "@tessera/shared/schemas/contact";
import type { Knex } from "../../db/knex.ts";
import { ContactMessage } from "../../models/ContactMessage.ts";
import { Event } from "../../models/Event.ts";
import { User } from "../../models/User.ts";
import type { GuestMergeInput } from "../guests/mergeSteps.ts";
import { findSessionGuest } from "../portal/guestSessions.ts";
import { eventOfSlug } from "../portal/signIn.ts";
import type { AppDeps, Scope } from "../scope.ts";
import { createCaptchaChallenge, spendCaptcha, verifyCaptcha } from "./captcha.ts";
import { countContactChallenge, countContactMessage } from "./throttle.ts";

/*
 * "Contact the organizer" on the guest site (issue 11 item 6; spec §5: the privacy policy accepted and a captcha).
 * Anyone may write, signed in to the portal or not; the message is stored first (the organizer's inbox), then a
 * job emails it to the organizer with the guest's address to reply to, so a mail server that is down loses
 * nothing (the mail job retries for hours).
 */

const SEND_CONTACT_MESSAGE_JOB = "contact.send_message";

interface SendMessageJob {
  messageId: string;
}

/**
 * A proof-of-work challenge for the event's contact form (404 for an unknown or archived event). Each costs a
 * proof of work's derivation: an address asks for so many within the window (429 past them).
 */
export async function contactChallenge(scope: Scope, slug: string): Promise<CaptchaChallenge> {
  await countContactChallenge(scope);
  await eventOfSlug(scope.db, slug);
  return createCaptchaChallenge(scope.deps, scope.clock.now());
}

const trimmedOrNull = (value: string | undefined) => value?.trim() || null;

/**
 * Takes a guest's message: counted against the limits, its captcha checked and spent, stored with the guest
 * signed in to this event's portal (their session token, if any), and queued for the organizer's email.
 */
export async function sendContactMessage(
  scope: Scope,
  slug: string,
  sessionToken: string | null,
  body: ContactMessageBody,
): Promise<ContactMessageResult> {
  const event = await eventOfSlug(scope.db, slug);
  const senderEmail = body.email.trim();
  await countContactMessage(scope, normalizeGuestEmail(senderEmail) ?? senderEmail.toLowerCase());
  const captcha = await verifyCaptcha(scope, body.captcha);
  const now = scope.clock.now();
  const guest = await findSessionGuest(scope.db, event.id, sessionToken, now);
  const message = await scope.db.transaction(async (trx) => {
    await spendCaptcha(trx, captcha, now);
    return ContactMessage.query(trx).insertAndFetch({
      accountId: event.accountId,
      eventId: event.id,
      guestId: guest?.id ?? null,
      senderName: body.name.trim(),
      senderEmail,
      subject: trimmedOrNull(body.subject),
      message: body.message.trim(),
      language: scope.language,
      readAt: null,
      createdAt: now,
    });
  });
  await scope.deps.jobs.send(SEND_CONTACT_MESSAGE_JOB, { messageId: message.id } satisfies SendMessageJob, {
    retryLimit: 5,
  });
  return { id: message.id, guestId: message.guestId };
}

/**
 * Who reads an event's messages: the user who created the event while they are an active member of its account,
 * else the account's first active overseer, then organizer; else the creator still (a platform administrator).
 */
async function organizerOf(db: Knex, event: Pick<Event, "accountId" | "createdBy">): Promise<User | undefined> {
  const creator = event.createdBy ? await User.query(db).findOne({ id: event.createdBy, isActive: true }) : undefined;
  if (creator && creator.accountId === event.accountId) return creator;
  for (const role of ["overseer", "organizer"] as const) {
    const member = await User.query(db)
      .where({ accountId: event.accountId, role, isActive: true })
      .orderBy("createdAt")
      .first();
    if (member) return member;
  }
  return creator;
}

/** The job: the stored message emailed to the organizer, in their language, replies going to the guest. */
async function emailContactMessage(deps: AppDeps, { messageId }: SendMessageJob): Promise<void> {
  const message = await ContactMessage.query(deps.db).findById(messageId);
  if (!message) return;
  const event = await Event.query(deps.db).findById(message.eventId);
  const organizer = event ? await organizerOf(deps.db, event) : undefined;
  if (!event || !organizer) {
    deps.logger.warn({ messageId, eventId: message.eventId }, "contact message kept: the event has nobody to email");
    return;
  }
  await deps.mail.send({
    to: organizer.email,
    replyTo: message.senderEmail,
    template: "contact_message",
    language: isLanguage(organizer.language) ? organizer.language : "en",
    data: {
      firstName: organizer.firstName,
      eventName: event.name,
      senderName: message.senderName,
      senderEmail: message.senderEmail,
      subject: message.subject,
      message: message.message,
      isSignedInGuest: message.guestId !== null,
    },
  });
}

export function registerContactJobs(deps: AppDeps): void {
  deps.jobs.register<SendMessageJob>(SEND_CONTACT_MESSAGE_JOB, (job) => emailContactMessage(deps, job));
}

/** Guest merge step: the merged guest's messages become the kept guest's. */
export async function moveContactMessagesToKeptGuest(trx: Knex.Transaction, input: GuestMergeInput): Promise<void> {
  await ContactMessage.query(trx).patch({ guestId: input.keepId }).where({ guestId: input.mergeId });
}
