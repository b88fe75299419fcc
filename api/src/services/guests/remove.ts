import type { ErrorCode } from "@tessera/shared";
import { AppError } from "../../errors.ts";
import { Guest } from "../../models/Guest.ts";
import { recordAudit } from "../audit/record.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import type { Scope } from "../scope.ts";
import { guestAuditMetadata } from "./auditNames.ts";
import { guestDeletionRefusals, runGuestDeletionSteps } from "./deletionGuards.ts";
import { removeStoredGuestFiles, storageKeysOfGuests } from "./files.ts";
import { chunksOf, selectedGuestIds, type GuestSelectionInput } from "./selection.ts";
import { findGuest, guestSnapshot } from "./write.ts";
import { promoteWaitingAfter } from "../forms/waitingList.ts";

/** Deletes one guest unless a registered guard refuses it (409 guest_not_deleted with the reason). */
export async function deleteGuest(scope: Scope, key: EventKey, guestId: string): Promise<void> {
  const { hooks } = scope.deps;
  // The guest's answer files: rows cascade with the guest, the bytes are removed once committed.
  const files = await scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key);
    const guest = await findGuest(trx, event.id, guestId);
    const reason = (await guestDeletionRefusals(hooks, trx, [guestId])).get(guestId);
    if (reason) {
      throw new AppError("guest_not_deleted", 409, {
        params: { reason: scope.t(reason, { ns: "errors" }) },
        details: { reason },
      });
    }
    await runGuestDeletionSteps(hooks, trx, [guestId]);
    const keys = await storageKeysOfGuests(trx, [guestId]);
    await Guest.query(trx).deleteById(guestId);
    await recordAudit(trx, scope, {
      action: "guest.deleted",
      subjectType: "guest",
      subjectId: guestId,
      accountId: event.accountId,
      eventId: event.id,
      before: guestSnapshot(guest),
      metadata: await guestAuditMetadata(trx, guest, [guest.godfatherId]),
    });
    return { keys, event };
  });
  await removeStoredGuestFiles(scope, files.keys);
  // The guest's places freed: the first waiting for them get them.
  await promoteWaitingAfter(scope, files.event);
}

/**
 * Deletes the selected guests of the event (listed ids, or all matching a list query) that no guard
 * refuses; ids of other events or unknown ones are left out of both lists. Chunked statements, one
 * transaction, one audit row for the call with the ids deleted.
 */
export async function deleteGuests(
  scope: Scope,
  key: EventKey,
  selection: GuestSelectionInput,
): Promise<{ deleted: string[]; refused: { id: string; reason: string }[] }> {
  const { hooks } = scope.deps;
  let files: string[] = [];
  const result = await scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key);
    const found = await selectedGuestIds(trx, scope.actor, event.id, selection);
    const refusals = new Map<string, ErrorCode>();
    for (const chunk of chunksOf(found)) {
      for (const [id, reason] of await guestDeletionRefusals(hooks, trx, chunk)) refusals.set(id, reason);
    }
    const deleted = found.filter((id) => !refusals.has(id));
    files = await storageKeysOfGuests(trx, deleted);
    for (const chunk of chunksOf(deleted)) {
      await runGuestDeletionSteps(hooks, trx, chunk);
      await trx("guests").where({ eventId: event.id }).whereIn("id", chunk).delete();
    }
    if (deleted.length) {
      await recordAudit(trx, scope, {
        action: "guest.deleted",
        subjectType: "guest",
        subjectId: null,
        accountId: event.accountId,
        eventId: event.id,
        before: { ids: deleted },
      });
    }
    return {
      event,
      deleted,
      refused: [...refusals].map(([id, reason]) => ({ id, reason: scope.t(reason, { ns: "errors" }) })),
    };
  });
  await removeStoredGuestFiles(scope, files);
  if (result.deleted.length) await promoteWaitingAfter(scope, result.event);
  return { deleted: result.deleted, refused: result.refused };
}
