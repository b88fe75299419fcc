import { type PortalRegistration, type SendFormBody, type SendFormResult } from "@tessera/shared";
import { AppError } from "../../errors.ts";
import { Guest } from "../../models/Guest.ts";
import { recordAudit } from "../audit/record.ts";
import { guestSnapshot } from "../guests/write.ts";
import { sendForm } from "../forms/registration.ts";
import { promoteWaitingAfter, withdrawWaiting } from "../forms/waitingList.ts";
import type { Scope } from "../scope.ts";
import { portalRegistrationForm, signedInGuest } from "./signedInGuest.ts";

/*
 * The signed-in guest's registration in their portal: read it, change the answers while the form takes
 * registrations (the same rules, conditions and quotas as registering, their own places kept), or cancel.
 */

export async function getPortalRegistration(
  scope: Scope,
  slug: string,
  token: string | null,
): Promise<PortalRegistration> {
  const { event, guest } = await signedInGuest(scope, slug, token);
  const form = await portalRegistrationForm(scope, event.id);
  return {
    formId: form?.id ?? null,
    status: guest.status,
    firstName: guest.firstName,
    lastName: guest.lastName,
    listedConsent: guest.listedConsent,
    answers: { ...guest.answers },
  };
}

/** Changes the guest's registration through the form, as registering again with their own email does. */
export async function updatePortalRegistration(
  scope: Scope,
  slug: string,
  token: string | null,
  items: SendFormBody["items"],
): Promise<SendFormResult> {
  const { event, guest } = await signedInGuest(scope, slug, token);
  const form = await portalRegistrationForm(scope, event.id);
  if (!form || !guest.email) throw new AppError("form_not_set", 404);
  return sendForm(scope, slug, form.id, { formId: form.id, mail: guest.email, items });
}

/** The guest cancels their registration (spec: 'has cancelled'); a rejected guest stays rejected. */
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
    return updated;
  });
  // The guest's places freed: the first waiting for them get them.
  await promoteWaitingAfter(scope, event.id);
  return { status: cancelled.status, matchedExisting: true };
}
