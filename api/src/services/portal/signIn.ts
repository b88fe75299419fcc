import { randomInt } from "node:crypto";
import { normalizeGuestEmail, type Language, type PortalMe, type PortalSignInBody } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { guestPortalLink } from "../../mail/links.ts";
import { Event } from "../../models/Event.ts";
import { Guest } from "../../models/Guest.ts";
import { GuestSignInLink } from "../../models/GuestSignInLink.ts";
import { randomToken, sameSecret, sha256 } from "../auth/sessions.ts";
import type { AppDeps, Scope } from "../scope.ts";
import { deliverAutoMail } from "../autoMails/deliver.ts";
import { portalWaitingEntries } from "../forms/waitingList.ts";
import { createGuestSession } from "./guestSessions.ts";
import { countWrongCode, mayRequestLink, refuseWhileBlocked } from "./throttle.ts";

/*
 * A guest signs in to an event's portal by email: a single-use link, valid 10 minutes, with a 6-digit code
 * for another device. Opening the link spends nothing (its page asks to confirm, then POSTs the token), so
 * a mail scanner that opens it first leaves it to the guest. Requests are answered alike whether the event
 * has a guest with the email or not: the lookup and the email happen in a job.
 */

export const SEND_SIGN_IN_LINK_JOB = "portal.send_sign_in_link";
export const SIGN_IN_LINK_MINUTES = 10;
/** Wrong codes a link takes before it stops working. */
const CODES_PER_LINK = 5;
const LINK_TOKEN_PREFIX = "tsl_";

interface SendLinkJob {
  eventId: string;
  email: string;
  language: Language;
}

const invalidLink = () => new AppError("invalid_link", 400);

export async function eventOfSlug(db: Knex, slug: string): Promise<Event> {
  const event = await Event.query(db).findOne({ slug: slug.toLowerCase(), isArchived: false });
  if (!event) throw AppError.notFound();
  return event;
}

/** Asks for a sign-in link to be emailed; the same answer whatever the email. */
export async function requestSignInLink(scope: Scope, slug: string, email: string): Promise<void> {
  const event = await eventOfSlug(scope.db, slug);
  const emailNormalized = normalizeGuestEmail(email);
  if (!emailNormalized || !(await mayRequestLink(scope, event.id, emailNormalized))) return;
  await scope.deps.jobs.send(
    SEND_SIGN_IN_LINK_JOB,
    { eventId: event.id, email, language: scope.language } satisfies SendLinkJob,
    {
      retryLimit: 2,
    },
  );
}

/** The job: when the event has a guest with the email, a new link and code, emailed. */
async function sendSignInLink(deps: AppDeps, { eventId, email, language }: SendLinkJob): Promise<void> {
  const emailNormalized = normalizeGuestEmail(email);
  const event = await Event.query(deps.db).findById(eventId);
  const guest = emailNormalized
    ? await Guest.query(deps.db).findOne({ eventId, emailNormalized }).orderBy("createdAt")
    : undefined;
  if (!event || !guest?.email) return;
  const token = randomToken(LINK_TOKEN_PREFIX);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await GuestSignInLink.query(deps.db).insert({
    eventId,
    guestId: guest.id,
    tokenHash: sha256(token),
    codeHash: sha256(`${guest.id}:${code}`),
    failedCodes: 0,
    expiresAt: new Date(deps.clock.now().getTime() + SIGN_IN_LINK_MINUTES * 60_000),
  });
  // A fragment: the token never reaches a server's logs or another site's referrer.
  const link = `${guestPortalLink(deps.config.publicUrl, language, event.slug)}/confirm#token=${token}`;
  // The event's automatic mail "magic link" (its wording, or the default): never turned off.
  await deliverAutoMail(deps, {
    eventId,
    kind: "magic_link",
    to: guest.email,
    guestId: guest.id,
    language,
    values: { signInLink: link, signInCode: code, signInMinutes: String(SIGN_IN_LINK_MINUTES) },
  });
}

export function registerPortalJobs(deps: AppDeps): void {
  deps.jobs.register<SendLinkJob>(SEND_SIGN_IN_LINK_JOB, (job) => sendSignInLink(deps, job));
}

/** Marks the link used, unless another request did first; false then. */
async function spend(db: Knex, link: GuestSignInLink, now: Date): Promise<boolean> {
  const updated = await GuestSignInLink.query(db).patch({ usedAt: now }).where({ id: link.id }).whereNull("usedAt");
  return updated === 1;
}

/** The link a code belongs to: the guest's newest one still usable. */
async function linkOfCode(scope: Scope, event: Event, email: string, now: Date): Promise<GuestSignInLink> {
  const emailNormalized = normalizeGuestEmail(email);
  if (!emailNormalized) throw invalidLink();
  await refuseWhileBlocked(scope, event.id, emailNormalized);
  const guest = await Guest.query(scope.db).findOne({ eventId: event.id, emailNormalized }).orderBy("createdAt");
  const link = guest
    ? await GuestSignInLink.query(scope.db)
        .where({ guestId: guest.id, eventId: event.id })
        .whereNull("usedAt")
        .where("expiresAt", ">", now.toISOString())
        .where("failedCodes", "<", CODES_PER_LINK)
        .orderBy("createdAt", "desc")
        .first()
    : undefined;
  if (!link) {
    await countWrongCode(scope, event.id, emailNormalized);
    throw invalidLink();
  }
  return link;
}

/**
 * Signs a guest in with the link's token, or with the email and code: the link is spent (once), a guest
 * session is opened. Returns the session's token for the cookie and the guest.
 */
export async function signInGuest(
  scope: Scope,
  slug: string,
  body: PortalSignInBody,
): Promise<{ token: string; expiresAt: Date; me: PortalMe }> {
  const event = await eventOfSlug(scope.db, slug);
  const now = scope.clock.now();
  let link: GuestSignInLink | undefined;
  if ("token" in body) {
    link = await GuestSignInLink.query(scope.db).findOne({ tokenHash: sha256(body.token), eventId: event.id });
    if (!link || link.usedAt || link.expiresAt <= now) throw invalidLink();
  } else {
    link = await linkOfCode(scope, event, body.email, now);
    if (!sameSecret(sha256(`${link.guestId}:${body.code}`), link.codeHash)) {
      await GuestSignInLink.query(scope.db).increment("failedCodes", 1).where({ id: link.id });
      await countWrongCode(scope, event.id, normalizeGuestEmail(body.email)!);
      throw invalidLink();
    }
  }
  if (!(await spend(scope.db, link, now))) throw invalidLink();
  const guest = await Guest.query(scope.db).findOne({ id: link.guestId, eventId: event.id });
  if (!guest) throw invalidLink();
  const session = await createGuestSession(scope.db, guest, now);
  return { ...session, me: await portalMe(scope.db, event, guest) };
}

/** The signed-in guest as their portal shows them, with what they wait for (waiting lists of full answers). */
export async function portalMe(db: Knex, event: Pick<Event, "name" | "slug">, guest: Guest): Promise<PortalMe> {
  return {
    waitingList: await portalWaitingEntries(db, guest),
    guest: {
      id: guest.id,
      firstName: guest.firstName,
      lastName: guest.lastName,
      email: guest.email,
      status: guest.status,
    },
    event: { name: event.name, slug: event.slug },
  };
}
