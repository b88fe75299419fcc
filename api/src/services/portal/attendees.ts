import type { PortalAttendee } from "@tessera/shared";
import { formOptionsOf } from "@tessera/shared";
import { orderByText } from "../../db/dialect.ts";
import { AppError } from "../../errors.ts";
import type { Scope } from "../scope.ts";
import { portalRegistrationForm, signedInGuest } from "./signedInGuest.ts";

/** Most attendees a page of the list shows. */
const ATTENDEES_SHOWN = 2_000;

/**
 * The event's attendees list, for signed-in guests, when the registration form publishes it: confirmed
 * guests who agreed to be listed, by name, with their company. 404 when it is not published.
 */
export async function listPortalAttendees(scope: Scope, slug: string, token: string | null): Promise<PortalAttendee[]> {
  const { event } = await signedInGuest(scope, slug, token);
  const form = await portalRegistrationForm(scope, event.id);
  if (!form || !formOptionsOf(form.options).publishAttendees) throw AppError.notFound();
  const query = scope
    .db("guests")
    .where({ eventId: event.id, status: "confirmed", listedConsent: true })
    .select("firstName", "lastName", "company")
    .limit(ATTENDEES_SHOWN);
  orderByText(scope.db, query, ["guests.lastName", "guests.firstName"]);
  return (await query) as PortalAttendee[];
}
