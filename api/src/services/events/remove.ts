import { AppError } from "../../errors.ts";
import { Event } from "../../models/Event.ts";
import { recordAudit } from "../audit/record.ts";
import type { Scope } from "../scope.ts";
import { removeStoredGuestFiles, storageKeysOfEvent } from "../guests/files.ts";
import { eventSnapshot } from "./fields.ts";
import { findEventFor } from "./find.ts";
import { eventDomains } from "./slugAndDomains.ts";

/**
 * Deletes the event and, by cascade, its domains, access lists and everything attached to it. Who may:
 * policies/events.ts (organizers and up who see it, unless it is linked to one of their teams). An event that
 * issued invoices is kept (409 event_not_deleted): it can be archived instead.
 */
export async function deleteEvent(scope: Scope, accountId: string, eventId: string): Promise<void> {
  // The guests' answer files: rows cascade with the event, the bytes are removed once committed.
  const files = await scope.db.transaction(async (trx) => {
    const { event } = await findEventFor(trx, scope.actor, "delete", accountId, eventId, { lock: true });
    // French law keeps invoices and credit notes for ten years: an event that issued any is archived, not deleted.
    if (await trx("invoices").where({ eventId }).first("id"))
      throw new AppError("event_not_deleted", 409, {
        translatedParams: { reason: "reason_has_invoices" },
        details: { reason: "has_invoices" },
      });
    const before = eventSnapshot(event, await eventDomains(trx, eventId));
    const keys = await storageKeysOfEvent(trx, eventId);
    await Event.query(trx).deleteById(eventId);
    await recordAudit(trx, scope, {
      action: "event.deleted",
      subjectType: "event",
      subjectId: eventId,
      accountId,
      eventId,
      before,
    });
    return keys;
  });
  await removeStoredGuestFiles(scope, files);
}
