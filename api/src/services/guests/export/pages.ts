import { setImmediate as nextTurn } from "node:timers/promises";
import type { GuestListQuery } from "@tessera/shared";
import { isPostgres } from "../../../db/dialect.ts";
import type { Knex } from "../../../db/knex.ts";
import type { Guest } from "../../../models/Guest.ts";
import type { Scope } from "../../scope.ts";
import { listGuests } from "../list.ts";

/**
 * Guests read per query. SQLite runs a query synchronously on the event loop: 500 guests with their
 * answers take about 10 ms, plus a deep page's offset walk (about 25 ms at 100,000, whatever the page's
 * size). PostgreSQL's queries wait off the loop: only turning the rows into guests holds it (about 10 ms
 * per 1,000), and fewer deep pages make the export much shorter (100,000 guests: 12 s rather than 24 s).
 */
export function exportPageSize(db: Knex): number {
  return isPostgres(db) ? 1000 : 500;
}

/**
 * Guests formatted per turn of the event loop: 25 XLSX rows take 1 to 2 ms. Another request needs
 * several turns to be answered (read, authenticate, query, write) and may wait for a slice at each.
 */
export const EXPORT_SLICE = 25;

/**
 * Every guest of the filtered view (the list's own filters, search and sort), in slices of EXPORT_SLICE.
 * Each query and each slice gets a turn of the event loop of its own, so other requests are answered
 * between them: a page read from SQLite or formatted in one go held them up for hundreds of ms.
 */
async function* guestSlices(scope: Scope, eventId: string, query: GuestListQuery): AsyncGenerator<Guest[]> {
  const perPage = exportPageSize(scope.db);
  for (let page = 1; ; page++) {
    const { rows } = await listGuests(scope.db, scope.actor, eventId, { ...query, page, perPage, count: false });
    for (let start = 0; start < rows.length; start += EXPORT_SLICE) {
      // A turn for other work: awaiting a SQLite query or a stream settles as a microtask and lets nothing in.
      await nextTurn();
      yield rows.slice(start, start + EXPORT_SLICE);
    }
    if (rows.length < perPage) return;
    await nextTurn();
  }
}

/**
 * The slices of `guestSlices`, the first one already read: a wrong filter, search or sort fails here (422),
 * before the caller sends anything.
 */
export async function readGuestSlices(
  scope: Scope,
  eventId: string,
  query: GuestListQuery,
): Promise<AsyncIterable<Guest[]>> {
  const slices = guestSlices(scope, eventId, query);
  const first = await slices.next();
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      yield* slices;
    },
  };
}
