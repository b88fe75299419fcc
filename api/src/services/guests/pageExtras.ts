import { GUEST_IDENTITY_FIELDS } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { Guest } from "../../models/Guest.ts";

/**
 * The columns of a guest its JSON shows: all but those derived for matching and search (normalised email,
 * search text, name key), the account and the import that created it.
 */
export const SHOWN_COLUMNS = [
  "id",
  "eventId",
  ...GUEST_IDENTITY_FIELDS,
  "status",
  "companionsExpected",
  "godfatherId",
  "registeredAt",
  "answers",
  "mailStatus",
  "mailStatusAt",
  "unsubscribedAt",
  "createdSource",
  "createdAt",
  "updatedAt",
] as const satisfies readonly (keyof Guest)[];

/** What a page's rows carry besides the guest's columns when read with `selectPageExtras`. */
interface ExtrasColumns {
  companionsCount: number | string | null;
  godfatherFoundId: string | null;
  godfatherFirstName: string | null;
  godfatherLastName: string | null;
}

/**
 * Adds to a query of guest rows what their JSON needs besides (companions counted, godfather's name), so
 * that a page is one statement: a correlated count on the godfather index and a join on the primary key,
 * for the page's rows only.
 */
export function selectPageExtras(db: Knex, rows: Knex.QueryBuilder): void {
  const companions = db("guests as companions").count("*").whereRaw("?? = ??", ["companions.godfatherId", "guests.id"]);
  rows
    .select(companions.as("companionsCount"))
    .select({
      godfatherFoundId: "godfathers.id",
      godfatherFirstName: "godfathers.firstName",
      godfatherLastName: "godfathers.lastName",
    })
    .leftJoin("guests as godfathers", "godfathers.id", "guests.godfatherId");
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ");

/**
 * The guests of rows read with `selectPageExtras` under AS_STORED, and their companion counts and
 * godfathers. The extra columns ride along on the instances, which only the presenter reads, field by field.
 */
export function splitPageRows(rows: readonly Record<string, unknown>[]): {
  guests: Guest[];
  companionsCount: Map<string, number>;
  godfathers: Map<string, { id: string; fullName: string }>;
} {
  const companionsCount = new Map<string, number>();
  const godfathers = new Map<string, { id: string; fullName: string }>();
  const guests = Guest.fromStoredRows(rows).map((guest) => {
    const extras = guest as unknown as ExtrasColumns;
    const { companionsCount: count, godfatherFoundId, godfatherFirstName, godfatherLastName } = extras;
    if (Number(count)) companionsCount.set(guest.id, Number(count));
    if (godfatherFoundId) {
      godfathers.set(godfatherFoundId, {
        id: godfatherFoundId,
        fullName: fullName(godfatherFirstName, godfatherLastName),
      });
    }
    return guest;
  });
  return { guests, companionsCount, godfathers };
}
