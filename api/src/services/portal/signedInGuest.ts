import type { Event } from "../../models/Event.ts";
import { Form } from "../../models/Form.ts";
import type { Guest } from "../../models/Guest.ts";
import { AppError } from "../../errors.ts";
import type { Scope } from "../scope.ts";
import { findSessionGuest } from "./guestSessions.ts";
import { eventOfSlug } from "./signIn.ts";

/** The event of the slug and the guest its portal session holds; 401 without one. */
export async function signedInGuest(
  scope: Scope,
  slug: string,
  token: string | null,
): Promise<{ event: Event; guest: Guest }> {
  const event = await eventOfSlug(scope.db, slug);
  const guest = await findSessionGuest(scope.db, event.id, token, scope.clock.now());
  if (!guest) throw AppError.unauthenticated();
  return { event, guest };
}

/** The registration form the portal works with: the event's newest online one. */
export async function portalRegistrationForm(scope: Scope, eventId: string): Promise<Form | undefined> {
  return Form.query(scope.db)
    .where({ eventId, type: "registration", state: "online" })
    .orderBy("createdAt", "desc")
    .first();
}
