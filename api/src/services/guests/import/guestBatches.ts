import type { Knex } from "../../../db/knex.ts";
import { existingGuestsByEmail, type GuestSource } from "./guestRows.ts";
import type { PlannedGuest } from "./plannedGuests.ts";

export interface GuestBatch {
  sources: GuestSource[];
  /** Rows of the file read once this batch was complete. */
  rowsRead: number;
}

/**
 * The planned guests in batches of `size`, each guest with the existing guest it updates (those of the
 * batch's emails found in one query). The first `skip` guests (written by an earlier run) are passed over.
 */
export async function* guestBatches(
  db: Knex,
  eventId: string,
  guests: AsyncIterable<{ guest: PlannedGuest; rowsRead: number }>,
  options: { size: number; skip?: number },
): AsyncGenerator<GuestBatch> {
  let skip = options.skip ?? 0;
  let pending: PlannedGuest[] = [];
  let rowsRead = 0;
  const batch = async (): Promise<GuestBatch> => {
    const emails = pending.filter((guest) => guest.base === undefined).map((guest) => guest.row.emailNormalized!);
    const existing = await existingGuestsByEmail(db, eventId, emails);
    const sources = pending.map(({ row, base }) => ({
      row,
      base: base === undefined ? (existing.get(row.emailNormalized!) ?? null) : base,
    }));
    pending = [];
    return { sources, rowsRead };
  };
  for await (const planned of guests) {
    rowsRead = planned.rowsRead;
    if (skip > 0) {
      skip -= 1;
      continue;
    }
    pending.push(planned.guest);
    if (pending.length === options.size) yield await batch();
  }
  if (pending.length) yield await batch();
}
