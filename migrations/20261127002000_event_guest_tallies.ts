import type { Knex } from "knex";

/**
 * How many guests each event has, by status, kept by the database itself (every write path counts,
 * imports and merges included) so the events list shows them without counting guests.
 *
 * PostgreSQL: a guest import writes in ONE long transaction; a single counter row per event would stay
 * locked until it commits, and every guest added meanwhile would wait for it. So statement triggers
 * only ever INSERT a delta per statement (no row is shared between transactions), and
 * api/src/services/events/guestTallies.ts folds an event's deltas into one row per status once they pile up.
 * SQLite has one writer at a time: its row triggers add to one row per event and status.
 *
 * Guests removed by the deletion of their event count nothing: the event is gone by then, and its
 * tallies go with it (cascade).
 */
export async function up(knex: Knex): Promise<void> {
  const isPg = knex.client.config.client === "pg";
  await knex.schema.createTable("event_guest_tallies", (t) => {
    t.bigIncrements("id").primary();
    t.uuid("event_id").notNullable().references("id").inTable("events").onDelete("CASCADE");
    t.string("status", 32).notNullable();
    t.integer("guests").notNullable();
    if (isPg) t.index(["event_id"]);
    else t.unique(["event_id", "status"]);
  });
  if (isPg) await createPostgresTriggers(knex);
  else await createSqliteTriggers(knex);
  await knex.raw(
    "insert into event_guest_tallies (event_id, status, guests) select event_id, status, count(*) from guests group by event_id, status",
  );
}

async function createPostgresTriggers(knex: Knex): Promise<void> {
  // One function for the three statements: each side present is a transition table of the statement.
  const tally = (sides: string) => `
    insert into event_guest_tallies (event_id, status, guests)
    select event_id, status, sum(guests) from (${sides}) as changes
    where exists (select 1 from events where events.id = changes.event_id)
    group by event_id, status having sum(guests) <> 0;`;
  const added = "select event_id, status, 1 as guests from added_guests";
  const removed = "select event_id, status, -1 as guests from removed_guests";
  await knex.raw(`
    create function tally_added_guests() returns trigger language plpgsql as $$
    begin ${tally(added)} return null; end $$;
    create function tally_removed_guests() returns trigger language plpgsql as $$
    begin ${tally(removed)} return null; end $$;
    create function tally_changed_guests() returns trigger language plpgsql as $$
    begin ${tally(`${added} union all ${removed}`)} return null; end $$;
    create trigger guests_tally_insert after insert on guests
      referencing new table as added_guests for each statement execute function tally_added_guests();
    create trigger guests_tally_delete after delete on guests
      referencing old table as removed_guests for each statement execute function tally_removed_guests();
    create trigger guests_tally_update after update on guests
      referencing old table as removed_guests new table as added_guests
      for each statement execute function tally_changed_guests();
  `);
}

async function createSqliteTriggers(knex: Knex): Promise<void> {
  const add = (row: "new" | "old", delta: 1 | -1) => `
    insert into event_guest_tallies (event_id, status, guests)
    select ${row}.event_id, ${row}.status, ${delta} where exists (select 1 from events where id = ${row}.event_id)
    on conflict (event_id, status) do update set guests = guests + ${delta};`;
  await knex.raw(`create trigger guests_tally_insert after insert on guests begin ${add("new", 1)} end`);
  await knex.raw(`create trigger guests_tally_delete after delete on guests begin ${add("old", -1)} end`);
  await knex.raw(`
    create trigger guests_tally_update after update of status, event_id on guests
    when old.status is not new.status or old.event_id is not new.event_id
    begin ${add("old", -1)} ${add("new", 1)} end`);
}

export async function down(knex: Knex): Promise<void> {
  const isPg = knex.client.config.client === "pg";
  for (const action of ["insert", "delete", "update"]) {
    await knex.raw(isPg ? `drop trigger guests_tally_${action} on guests` : `drop trigger guests_tally_${action}`);
  }
  if (isPg)
    await knex.raw(
      "drop function tally_added_guests(); drop function tally_removed_guests(); drop function tally_changed_guests();",
    );
  await knex.schema.dropTable("event_guest_tallies");
}
