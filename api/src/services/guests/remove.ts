import type { ApiContext } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { Guest } from "../../models/Guest.ts";
import { recordAudit } from "../audit.ts";
import { findEventFor } from "../events/find.ts";
import { guestDeletionRefusals } from "./deletionGuards.ts";
import { findGuest, guestSnapshot } from "./write.ts";

/** Deletes one guest unless a registered guard refuses it (409 guest_not_deleted with the reason). */
export async function deleteGuest(ctx: ApiContext, accountId: string, eventId: string, guestId: string): Promise<void> {
  await ctx.deps.db.transaction(async (trx) => {
    await findEventFor(trx, ctx.state.actor, "update", accountId, eventId);
    const guest = await findGuest(trx, eventId, guestId);
    const reason = (await guestDeletionRefusals(trx, [guestId])).get(guestId);
    if (reason) {
      throw new AppError("guest_not_deleted", 409, {
        params: { reason: ctx.t(reason, { ns: "errors" }) },
        details: { reason },
      });
    }
    await Guest.query(trx).deleteById(guestId);
    await recordAudit(trx, ctx, {
      action: "guest.deleted",
      subjectType: "guest",
      subjectId: guestId,
      accountId,
      eventId,
      before: guestSnapshot(guest),
    });
  });
}

/**
 * Deletes the event's guests among `ids` that no guard refuses; ids of other events or unknown ones
 * are left out of both lists. One audit row for the call, with the ids deleted.
 */
export async function deleteGuests(
  ctx: ApiContext,
  accountId: string,
  eventId: string,
  ids: string[],
): Promise<{ deleted: string[]; refused: { id: string; reason: string }[] }> {
  return ctx.deps.db.transaction(async (trx) => {
    await findEventFor(trx, ctx.state.actor, "update", accountId, eventId);
    const found: string[] = [];
    // Chunks keep each statement under SQLite's bound-parameter limit.
    for (let start = 0; start < ids.length; start += 500) {
      const rows: { id: string }[] = await trx("guests")
        .where({ eventId })
        .whereIn("id", ids.slice(start, start + 500))
        .select("id");
      found.push(...rows.map((row) => row.id));
    }
    const refusals = await guestDeletionRefusals(trx, found);
    const deleted = found.filter((id) => !refusals.has(id));
    for (let start = 0; start < deleted.length; start += 500) {
      await trx("guests")
        .where({ eventId })
        .whereIn("id", deleted.slice(start, start + 500))
        .delete();
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
}
