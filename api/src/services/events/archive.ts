import { Event } from "../../models/Event.ts";
import { recordAudit } from "../audit/record.ts";
import type { Scope } from "../scope.ts";
import { loadOneEventDetails, type EventDetails } from "./details.ts";
import { findEventFor } from "./find.ts";

/**
 * Archives or brings back an event (spec §4: archived events are for organizers only; the public
 * guest site reads `isArchived`). Asking for the state it already has changes and records nothing.
 */
export async function setEventArchived(
  scope: Scope,
  accountId: string,
  eventId: string,
  archived: boolean,
): Promise<EventDetails> {
  const event = await scope.db.transaction(async (trx) => {
    const { event: current } = await findEventFor(trx, scope.actor, "archive", accountId, eventId, { lock: true });
    if (current.isArchived === archived) return current;
    const updated = await Event.query(trx).patchAndFetchById(eventId, {
      isArchived: archived,
      archivedAt: archived ? scope.clock.now() : null,
    });
    await recordAudit(trx, scope, {
      action: archived ? "event.archived" : "event.unarchived",
      subjectType: "event",
      subjectId: eventId,
      accountId,
      eventId,
      before: { isArchived: current.isArchived, archivedAt: current.archivedAt?.toISOString() ?? null },
      after: { isArchived: updated.isArchived, archivedAt: updated.archivedAt?.toISOString() ?? null },
    });
    return updated;
  });
  return loadOneEventDetails(scope.db, scope.actor, event);
}
