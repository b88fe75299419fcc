import { randomUUID } from "node:crypto";
import { isPostgres } from "../../api/src/db/dialect.ts";
import type { Db } from "../../api/src/db/knex.ts";
import { CustomField } from "../../api/src/models/CustomField.ts";
import type { Event } from "../../api/src/models/Event.ts";
import { Guest } from "../../api/src/models/Guest.ts";
import { derivedGuestColumns } from "../../api/src/services/guests/prepare.ts";

type EventRef = Pick<Event, "id" | "accountId">;

let counter = 0;

/** The columns of one guest row (snake_case-free: the knex mappers convert), defaults filled. */
export function guestRow(event: EventRef, overrides: Partial<Guest> = {}): Record<string, unknown> {
  counter++;
  const now = new Date().toISOString();
  const identity = {
    firstName: `First${counter}`,
    lastName: `Last${counter}`,
    email: `guest${counter}-${randomUUID().slice(0, 6)}@example.com`,
    company: null,
    ...overrides,
  };
  const row: Record<string, unknown> = {
    id: randomUUID(),
    accountId: event.accountId,
    eventId: event.id,
    status: "unanswered",
    mailStatus: "none",
    createdSource: "manual",
    companionsExpected: 0,
    createdAt: now,
    updatedAt: now,
    ...identity,
    ...derivedGuestColumns(identity),
    answers: JSON.stringify(overrides.answers ?? {}),
  };
  for (const [key, value] of Object.entries(row)) if (value instanceof Date) row[key] = value.toISOString();
  return row;
}

/** A guest straight in the database (no audit), derived columns set like the API does. */
export async function buildGuest(db: Db, event: EventRef, overrides: Partial<Guest> = {}): Promise<Guest> {
  const row = guestRow(event, overrides);
  await db("guests").insert(row);
  return Guest.query(db)
    .findById(row.id as string)
    .throwIfNotFound();
}

/**
 * Inserts `n` guests in multi-row statements (fast enough for 100k); `make(i)` gives each its
 * overrides. Returns the ids in order.
 */
export async function buildGuests(
  db: Db,
  event: EventRef,
  n: number,
  make: (index: number) => Partial<Guest> = () => ({}),
): Promise<string[]> {
  const ids: string[] = [];
  // SQLite binds at most 32,766 parameters per statement; a guest row has about 20 columns.
  const chunk = isPostgres(db) ? 1_000 : 500;
  for (let start = 0; start < n; start += chunk) {
    const rows = Array.from({ length: Math.min(chunk, n - start) }, (_, offset) =>
      guestRow(event, make(start + offset)),
    );
    ids.push(...rows.map((row) => row.id as string));
    await db("guests").insert(rows);
  }
  return ids;
}

/** A custom field of the event at the next position. */
export async function buildCustomField(
  db: Db,
  event: EventRef,
  overrides: Partial<CustomField> = {},
): Promise<CustomField> {
  const position = Number(
    ((await db("customFields").where({ eventId: event.id }).count({ n: "*" }).first()) as { n: number | string }).n,
  );
  return CustomField.query(db).insertAndFetch({
    accountId: event.accountId,
    eventId: event.id,
    name: `field-${randomUUID().slice(0, 8)}`,
    label: "Field",
    helpText: null,
    type: "short_text",
    isRequired: false,
    isReadOnly: false,
    options: [],
    rules: {},
    position,
    ...overrides,
  });
}
