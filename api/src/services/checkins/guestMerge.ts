import type { Knex } from "../../db/knex.ts";
import type { GuestMergeStep } from "../guests/mergeSteps.ts";

/** A guest's entry row in a session (checkin_entries), as the driver gives it. */
interface EntryRow {
  checkinId: string;
  guestId: string;
  state: "in" | "out";
  entries: number;
  exits: number;
  firstInAt: string | Date | null;
  lastInScanId: string | null;
  lastInAt: string | Date | null;
}

const time = (value: string | Date | null): number | null => (value === null ? null : new Date(value).getTime());
const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

function earliest(a: string | Date | null, b: string | Date | null): string | Date | null {
  const [ta, tb] = [time(a), time(b)];
  if (ta === null) return b;
  if (tb === null) return a;
  return tb < ta ? b : a;
}

/** The row of the two whose guest was let in last (the kept one when neither says). */
function lastLetIn(kept: EntryRow, merged: EntryRow): EntryRow {
  const [k, m] = [time(kept.lastInAt), time(merged.lastInAt)];
  return m !== null && (k === null || m > k) ? merged : kept;
}

/**
 * One person's two entry rows in a session as one: in since the earlier first entry, let in last by the later
 * entry's scan, their entries and exits added up, and in when either row is (a door saw them come in and not go
 * out).
 */
function combinedEntry(kept: EntryRow, merged: EntryRow, now: Date) {
  const last = lastLetIn(kept, merged);
  return {
    state: kept.state === "in" || merged.state === "in" ? "in" : "out",
    entries: Number(kept.entries) + Number(merged.entries),
    exits: Number(kept.exits) + Number(merged.exits),
    firstInAt: iso(earliest(kept.firstInAt, merged.firstInAt)),
    lastInScanId: last.lastInScanId,
    lastInAt: iso(last.lastInAt),
    updatedAt: now.toISOString(),
  };
}

async function entriesOf(trx: Knex.Transaction, guestId: string): Promise<EntryRow[]> {
  return (await trx("checkinEntries").where({ guestId })) as EntryRow[];
}

/**
 * A merge loses nothing that happened at the door: the merged guest's scans move to the kept guest, and so do
 * their entries, one row per (session, guest) kept: where both guests came in at one session, the two rows
 * become one (combinedEntry). Runs in the merge transaction, before the merged guest is deleted (whose entries
 * the foreign key would cascade away and whose scans it would leave with no guest).
 */
export const moveCheckinsToKeptGuest: GuestMergeStep = async (trx, { keepId, mergeId, now }) => {
  await trx("checkinScans").where({ guestId: mergeId }).update({ guestId: keepId });
  const merged = await entriesOf(trx, mergeId);
  if (!merged.length) return;
  const kept = new Map((await entriesOf(trx, keepId)).map((entry) => [entry.checkinId, entry]));
  for (const entry of merged) {
    const keptEntry = kept.get(entry.checkinId);
    const where = { checkinId: entry.checkinId, guestId: mergeId };
    if (!keptEntry) {
      await trx("checkinEntries").where(where).update({ guestId: keepId, updatedAt: now.toISOString() });
      continue;
    }
    await trx("checkinEntries")
      .where({ checkinId: entry.checkinId, guestId: keepId })
      .update(combinedEntry(keptEntry, entry, now));
    await trx("checkinEntries").where(where).delete();
  }
};
