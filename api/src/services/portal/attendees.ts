import type { PortalAttendee } from "@tessera/shared";
import { formOptionsOf } from "@tessera/shared";
import { orderByText } from "../../db/dialect.ts";
import { AppError } from "../../errors.ts";
import { Form } from "../../models/Form.ts";
import type { Scope } from "../scope.ts";
import { findSessionGuest } from "./guestSessions.ts";
import { eventOfSlug } from "./signIn.ts";

/** Most attendees a page of the list shows. */
const ATTENDEES_SHOWN = 2_000;

/**
 * The event's attendees list, for signed-in guests, when the registration form publishes it: confirmed
 * guests who agreed to be listed, by name, with their company. 404 when it is not published.
 */
export async function listPortalAttendees(scope: Scope, slug: string, token: string | null): Promise<PortalAttendee[]> {
  const event = await eventOfSlug(scope.db, slug);
  const guest = await findSessionGuest(scope.db, event.id, token, scope.clock.now());
  if (!guest) throw AppError.unauthenticated();
  const forms = await Form.query(scope.db).where({ eventId: event.id, type: "registration", state: "online" });
  if (!forms.some((form) => formOptionsOf(form.options).publishAttendees)) throw AppError.notFound();
  const query = scope
    .db("guests")
    .where({ eventId: event.id, status: "confirmed", listedConsent: true })
    .select("firstName", "lastName", "company")
    .limit(ATTENDEES_SHOWN);
  orderByText(scope.db, query, ["guests.lastName", "guests.firstName"]);
  return (await query) as PortalAttendee[];
}
