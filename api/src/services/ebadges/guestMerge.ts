import type { GuestMergeStep } from "../guests/mergeSteps.ts";

interface PrintRow {
  id: string;
  guestId: string;
}

/**
 * A merge keeps every badge print of both guests under the kept guest, numbered again in the order they were
 * made: the person's first print is 1, every later one a reprint (the reprint control counts them together).
 * (event, guest, number) is unique, so the prints step aside to negative numbers first, then take their place.
 */
export const moveBadgePrintsToKeptGuest: GuestMergeStep = async (trx, { eventId, keepId, mergeId }) => {
  const prints = (await trx("ebadgePrints")
    .where({ eventId })
    .whereIn("guestId", [keepId, mergeId])
    .orderBy("createdAt")
    .orderBy("printNumber")
    .orderBy("id")
    .select("id", "guestId")) as PrintRow[];
  if (!prints.some((print) => print.guestId === mergeId)) return;
  for (const [index, print] of prints.entries())
    await trx("ebadgePrints")
      .where({ id: print.id })
      .update({ guestId: keepId, printNumber: -(index + 1) });
  await trx("ebadgePrints")
    .where({ eventId, guestId: keepId })
    .where("printNumber", "<", 0)
    .update({ printNumber: trx.raw("0 - print_number") });
};
