import { randomToken, sha256 } from "../auth/sessions.ts";
import type { Knex } from "../../db/knex.ts";
import { Guest } from "../../models/Guest.ts";
import { GuestSession } from "../../models/GuestSession.ts";

export const GUEST_SESSION_PREFIX = "tsg_";
/** How long a guest stays signed in to an event's portal. */
export const GUEST_SESSION_DAYS = 30;

/** A new session of the guest; the token goes in their cookie, its hash in the database. */
export async function createGuestSession(
  db: Knex,
  guest: Pick<Guest, "id" | "eventId">,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken(GUEST_SESSION_PREFIX);
  const expiresAt = new Date(now.getTime() + GUEST_SESSION_DAYS * 24 * 3_600_000);
  await GuestSession.query(db).insert({
    eventId: guest.eventId,
    guestId: guest.id,
    tokenHash: sha256(token),
    expiresAt,
  });
  return { token, expiresAt };
}

/** The guest of a live session of this event, or null. */
export async function findSessionGuest(
  db: Knex,
  eventId: string,
  token: string | null,
  now: Date,
): Promise<Guest | null> {
  if (!token?.startsWith(GUEST_SESSION_PREFIX)) return null;
  const session = await GuestSession.query(db).findOne({ tokenHash: sha256(token), eventId });
  if (!session || session.revokedAt || session.expiresAt <= now) return null;
  return (await Guest.query(db).findOne({ id: session.guestId, eventId })) ?? null;
}

export async function revokeGuestSession(db: Knex, token: string | null, now: Date): Promise<void> {
  if (!token?.startsWith(GUEST_SESSION_PREFIX)) return;
  await GuestSession.query(db)
    .patch({ revokedAt: now })
    .where({ tokenHash: sha256(token) })
    .whereNull("revokedAt");
}
