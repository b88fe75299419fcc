import { lockForUpdate } from "../../db/dialect.ts";
import { AppError } from "../../errors.ts";
import { Guest } from "../../models/Guest.ts";
import { recordAudit } from "../audit/record.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import type { Scope } from "../scope.ts";
import { guestAuditMetadata } from "./auditNames.ts";
import { withGuestExtras, type GuestWithExtras } from "./extras.ts";

/*
 * Spec §4: an unsubscribed guest's email can be unlocked. An organizer lifts the guest's unsubscription (the
 * unsubscribe link, one-click unsubscribe or a complaint set it), so the event's next campaigns target them
 * again; the event's history says who did. Only the unsubscription: a hard bounce, complaint or block of the
 * address is one of the account's mail errors, and it keeps suppressing the address until that error is deleted.
 */

const isUnsubscribed = (guest: Guest) => guest.unsubscribedAt !== null || guest.mailStatus === "unsubscribed";

/** Lifts the guest's unsubscription (editors and up); a guest who is not unsubscribed is answered unchanged. */
export async function unlockGuestEmail(scope: Scope, key: EventKey, guestId: string): Promise<GuestWithExtras> {
  const { guest, event, ties } = await scope.db.transaction(async (trx) => {
    const { event, ties } = await findEventByKeyFor(trx, scope.actor, "update", key);
    const current = await lockForUpdate(trx, Guest.query(trx).findById(guestId).where({ eventId: event.id }));
    if (!current) throw AppError.notFound();
    if (!isUnsubscribed(current)) return { guest: current, event, ties };
    const now = scope.clock.now();
    const mailStatus = current.mailStatus === "unsubscribed" ? "none" : current.mailStatus;
    const unlocked = await Guest.query(trx).patchAndFetchById(current.id, {
      unsubscribedAt: null,
      mailStatus,
      mailStatusAt: mailStatus === current.mailStatus ? current.mailStatusAt : now,
    });
    await recordAudit(trx, scope, {
      action: "guest.email_unlocked",
      subjectType: "guest",
      subjectId: current.id,
      accountId: event.accountId,
      eventId: event.id,
      before: { mailStatus: current.mailStatus, unsubscribedAt: current.unsubscribedAt },
      after: { mailStatus, unsubscribedAt: null },
      metadata: await guestAuditMetadata(trx, unlocked),
    });
    return { guest: unlocked, event, ties };
  });
  return withGuestExtras(scope.db, guest, scope.actor, event, ties);
}
