import type { GuestSelectionQuery } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { Actor } from "../../policies/actor.ts";
import { matchingGuestIds } from "./list.ts";

/** Ids per statement: keeps every `where id in (…)` under SQLite's bound-parameter limit. */
export const GUEST_ID_CHUNK = 500;

/** The guests a bulk action names: listed ids, or every guest matching a list query. */
export interface GuestSelectionInput {
  ids?: string[] | undefined;
  query?: GuestSelectionQuery | undefined;
}

/** `items` in slices of `size`. */
export function chunksOf<T>(items: readonly T[], size = GUEST_ID_CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * The ids of the event's guests a bulk action acts on, read inside its transaction. Exactly one of
 * `ids` (ids of other events or unknown ones are left out) and `query` (the list's view, filters and
 * search, scoped to the event: "all N matching") is given; otherwise 422.
 */
export async function selectedGuestIds(
  trx: Knex.Transaction,
  actor: Actor | undefined,
  eventId: string,
  selection: GuestSelectionInput,
): Promise<string[]> {
  if (selection.ids && selection.query) throw AppError.invalid([{ field: "query", code: "invalid_value" }]);
  if (selection.query) return matchingGuestIds(trx, actor, eventId, selection.query);
  if (!selection.ids) throw AppError.invalid([{ field: "ids", code: "required" }]);
  const found: string[] = [];
  for (const chunk of chunksOf(selection.ids)) {
    const rows: { id: string }[] = await trx("guests").where({ eventId }).whereIn("id", chunk).select("id");
    found.push(...rows.map((row) => row.id));
  }
  return found;
}
