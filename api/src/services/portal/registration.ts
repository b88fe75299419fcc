import {
  ATTENDING_STATUSES,
  normalizeGuestEmail,
  type PortalCannotEditReason,
  type PortalRegistration,
  type SendFormBody,
  type SendFormResult,
} from "@tessera/shared";
import { AppError } from "../../errors.ts";
import type { Event } from "../../models/Event.ts";
import type { Form } from "../../models/Form.ts";
import { Guest } from "../../models/Guest.ts";
import { recordAudit } from "../audit/record.ts";
import { guestSnapshot } from "../guests/write.ts";
import { isClosed } from "../forms/onlineForm.ts";
import { isPlaceFull, placesTaken, type Place } from "../forms/places.ts";
import { sendForm } from "../forms/registration.ts";
import { promoteWaitingAfter, withdrawWaiting } from "../forms/waitingList.ts";
import type { Scope } from "../scope.ts";
import { cancelCompanions } from "../guests/companions.ts";
import { queueStatusMail } from "../autoMails/registrationMails.ts";
import { portalRegistrationForm, signedInGuest } from "./signedInGuest.ts";

/*
 * The signed-in guest's registration in their portal: read it, change the answers while the form takes
 * registrations (the same rules, conditions and quotas as registering, their own places kept, so a full event
 * does not stop a guest who has their place), or cancel it, with their companions.
 */

/** Why the guest cannot change their answers through the form now, or null when they can. */
async function cannotEditReason(
  scope: Scope,
  event: Event,
  guest: Guest,
  form: Form | undefined,
): Promise<PortalCannotEditReason | null> {
  if (guest.status === "rejected" || guest.status === "cancelled") return guest.status;
  if (!form) return "no_form";
  if (!guest.email) return "no_email";
  if (isClosed({ event, form }, scope.clock.now())) return "closed";
  // A guest attending holds their place of the event; the others need one left.
  if (event.maxAttendees !== null && !ATTENDING_STATUSES.includes(guest.status)) {
    const places: Place[] = [{ kind: "event", limit: event.maxAttendees }];
    const counts = await placesTaken(scope.db, event.id, places, normalizeGuestEmail(guest.email));
    if (isPlaceFull(places[0]!, counts, 0)) return "full";
  }
  return null;
}

export async function getPortalRegistration(
  scope: Scope,
  slug: string,
  token: string | null,
): Promise<PortalRegistration> {
  const { event, guest } = await signedInGuest(scope, slug, token);
  const form = await portalRegistrationForm(scope, event.id);
  const reason = await cannotEditReason(scope, event, guest, form);
  return {
    formId: form?.id ?? null,
    status: guest.status,
    firstName: guest.firstName,
    lastName: guest.lastName,
    listedConsent: guest.listedConsent,
    answers: { ...guest.answers },
    canEdit: reason === null,
    cannotEditReason: reason,
  };
}

/**
 * Changes the guest's registration through the form, as registering again with their own email does; the
 * files they answered with may be kept (`{ keep: fileId }`) or removed (null).
 */
export async function updatePortalRegistration(
  scope: Scope,
  slug: string,
  token: string | null,
  items: SendFormBody["items"],
): Promise<SendFormResult> {
  const { event, guest } = await signedInGuest(scope, slug, token);
  const form = await portalRegistrationForm(scope, event.id);
  if (!form || !guest.email) throw new AppError("form_not_set", 404);
  return sendForm(scope, slug, form.id, { formId: form.id, mail: guest.email, items }, guest.id);
}

/**
 * The guest cancels their registration (spec: 'has cancelled'), and with it their companions', in one
 * transaction; a rejected guest stays rejected. The places freed go to those waiting for them, once committed.
 */
export async function cancelPortalRegistration(
  scope: Scope,
  slug: string,
  token: string | null,
): Promise<SendFormResult> {
  const { event, guest } = await signedInGuest(scope, slug, token);
  if (guest.status === "rejected") throw new AppError("registration_rejected", 409);
  if (guest.status === "cancelled") return { status: guest.status, matchedExisting: true };
  const cancelled = await scope.db.transaction(async (trx) => {
    const updated = await Guest.query(trx).patchAndFetchById(guest.id, { status: "cancelled" });
    await withdrawWaiting(trx, guest.id);
    await recordAudit(trx, scope, {
      action: "guest.updated",
      subjectType: "guest",
      subjectId: guest.id,
      accountId: event.accountId,
      eventId: event.id,
      before: guestSnapshot(guest),
      after: guestSnapshot(updated),
    });
    await cancelCompanions(trx, scope, event, guest);
    return updated;
  });
  await queueStatusMail(scope.deps, cancelled, guest.status, cancelled.status, scope.language);
  // The places freed (the guest's and their companions'): the first waiting for them get them.
  await promoteWaitingAfter(scope, event);
  return { status: cancelled.status, matchedExisting: true };
}
