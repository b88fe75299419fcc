import type { ApiContext } from "../../http/context.ts";
import { AppError } from "../../errors.ts";
import { Event } from "../../models/Event.ts";
import { recordAudit } from "../audit/record.ts";
import { removeStoredGuestFiles, storageKeysOfEvent } from "../guests/files.ts";
import { eventSnapshot } from "./fields.ts";
import { findEventFor } from "./find.ts";
import { eventDomains } from "./slugAndDomains.ts";

/**
 * Deletes the event and, by cascade, its domains, access lists and everything attached to it.
 * Spec §5: a user cannot remove an event linked to a team they belong to (409 event_not_deleted
 * with the reason in the caller's language).
 */
export async function deleteEvent(ctx: ApiContext, accountId: string, eventId: string): Promise<void> {
  // The guests' answer files: rows cascade with the event, the bytes are removed once committed.
  const files = await ctx.deps.db.transaction(async (trx) => {
    const { event, ties } = await findEventFor(trx, ctx.state.actor, "delete", accountId, eventId, { lock: true });
    if (ties.isLinkedToOwnTeam) {
      throw new AppError("event_not_deleted", 409, {
        params: { reason: ctx.t("reason_linked_to_your_team", { ns: "errors" }) },
        details: { reason: "linked_to_your_team" },
      });
    }
    const before = eventSnapshot(event, await eventDomains(trx, eventId));
    const keys = await storageKeysOfEvent(trx, eventId);
    await Event.query(trx).deleteById(eventId);
    await recordAudit(trx, ctx, {
      action: "event.deleted",
      subjectType: "event",
      subjectId: eventId,
      accountId,
      eventId,
      before,
    });
    return keys;
  });
  await removeStoredGuestFiles(ctx, files);
}
