import type { ErrorCode } from "@tessera/shared";
import type { ApiContext } from "../../http/context.ts";
import { AppError } from "../../errors.ts";
import { Guest } from "../../models/Guest.ts";
import { recordAudit } from "../audit/record.ts";
import { findEventFor } from "../events/find.ts";
import { guestDeletionRefusals, runGuestDeletionSteps } from "./deletionGuards.ts";
import { removeStoredGuestFiles, storageKeysOfGuests } from "./files.ts";
import { chunksOf, selectedGuestIds, type GuestSelectionInput } from "./selection.ts";
import { findGuest, guestSnapshot } from "./write.ts";

/** Deletes one guest unless a registered guard refuses it (409 guest_not_deleted with the reason). */
export async function deleteGuest(ctx: ApiContext, accountId: string, eventId: string, guestId: string): Promise<void> {
  // The guest's answer files: rows cascade with the guest, the bytes are removed once committed.
  const files = await ctx.deps.db.transaction(async (trx) => {
    await findEventFor(trx, ctx.state.actor, "update", accountId, eventId);
    const guest = await findGuest(trx, eventId, guestId);
    const reason = (await guestDeletionRefusals(ctx.deps.hooks, trx, [guestId])).get(guestId);
    if (reason) {
      throw new AppError("guest_not_deleted", 409, {
        params: { reason: ctx.t(reason, { ns: "errors" }) },
        details: { reason },
      });
    }
    await runGuestDeletionSteps(ctx.deps.hooks, trx, [guestId]);
    const keys = await storageKeysOfGuests(trx, [guestId]);
    await Guest.query(trx).deleteById(guestId);
    await recordAudit(trx, ctx, {
      action: "guest.deleted",
      subjectType: "guest",
      subjectId: guestId,
      accountId,
      eventId,
      before: guestSnapshot(guest),
    });
    return keys;
  });
  await removeStoredGuestFiles(ctx, files);
}

/**
 * Deletes the selected guests of the event (listed ids, or all matching a list query) that no guard
 * refuses; ids of other events or unknown ones are left out of both lists. Chunked statements, one
 * transaction, one audit row for the call with the ids deleted.
 */
export async function deleteGuests(
  ctx: ApiContext,
  accountId: string,
  eventId: string,
  selection: GuestSelectionInput,
): Promise<{ deleted: string[]; refused: { id: string; reason: string }[] }> {
  let files: string[] = [];
  const result = await ctx.deps.db.transaction(async (trx) => {
    await findEventFor(trx, ctx.state.actor, "update", accountId, eventId);
    const found = await selectedGuestIds(trx, ctx.state.actor, eventId, selection);
    const refusals = new Map<string, ErrorCode>();
    for (const chunk of chunksOf(found)) {
      for (const [id, reason] of await guestDeletionRefusals(ctx.deps.hooks, trx, chunk)) refusals.set(id, reason);
    }
    const deleted = found.filter((id) => !refusals.has(id));
    files = await storageKeysOfGuests(trx, deleted);
    for (const chunk of chunksOf(deleted)) {
      await runGuestDeletionSteps(ctx.deps.hooks, trx, chunk);
      await trx("guests").where({ eventId }).whereIn("id", chunk).delete();
    }
    if (deleted.length) {
      await recordAudit(trx, ctx, {
        action: "guest.deleted",
        subjectType: "guest",
        subjectId: null,
        accountId,
        eventId,
        before: { ids: deleted },
      });
    }
    return {
      deleted,
      refused: [...refusals].map(([id, reason]) => ({ id, reason: ctx.t(reason, { ns: "errors" }) })),
    };
  });
  await removeStoredGuestFiles(ctx, files);
  return result;
}
