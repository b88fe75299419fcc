// Guests of other events in the same table, as on a shared production database: generated in SQL
// (generate_series), then left to the database as production would leave them (autovacuum, no ANALYZE).
import type { Db } from "../../api/src/db/knex.ts";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount } from "../helpers/factories.ts";

const EVENTS = 200;

/** `rows` guests spread over 200 events of another account; PostgreSQL only (its generate_series). */
export async function seedOtherEventsGuests(db: Db, rows: number): Promise<{ rows: number; seconds: number }> {
  if (rows <= 0) return { rows: 0, seconds: 0 };
  const started = performance.now();
  const account = await buildAccount(db);
  const events: string[] = [];
  for (let index = 0; index < EVENTS; index++) events.push((await buildEvent(db, account.id)).id);
  await db.raw(
    `insert into guests (id, account_id, event_id, status, mail_status, created_source, companions_expected,
       first_name, last_name, email, email_normalized, search_text, name_key, company, answers, created_at, updated_at)
     select gen_random_uuid(), ?, (?::uuid[])[1 + g % ${EVENTS}], 'unanswered', 'none', 'import', 0,
       'First' || g, 'Last' || (g % 5000), 'other' || g || '@example.net', 'other' || g || '@example.net',
       'first' || g || ' last' || (g % 5000) || ' other' || g || '@example.net', 'first' || g || '|last' || (g % 5000),
       null, '{}'::jsonb, now() - (g || ' seconds')::interval, now()
     from generate_series(1, ?) as g`,
    [account.id, events, rows],
  );
  return { rows, seconds: (performance.now() - started) / 1000 };
}
