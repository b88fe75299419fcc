import type { Knex } from "knex";

/** Same rule as `guestNameKey` in api/src/services/guests/prepare.ts (migrations cannot import the api). */
function nameKey(firstName: string | null, lastName: string | null): string | null {
  const fold = (value: string | null) =>
    (value ?? "")
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .trim()
      .replace(/\s+/g, " ");
  const first = fold(firstName);
  const last = fold(lastName);
  return first && last ? `${first}|${last}` : null;
}

/**
 * Duplicate detection by name: `name_key` is the guest's first and last name folded (trimmed,
 * lowercase, accents removed), derived on every write like `email_normalized`. Accent folding cannot
 * be written as one SQL expression on both databases (SQLite's lower() is ASCII-only), hence a
 * stored column; detection is then a GROUP BY over (event_id, name_key) backed by this index.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("guests", (t) => {
    t.string("name_key", 210).nullable();
  });
  let lastId: string | null = null;
  for (;;) {
    const page = knex("guests").select("id", "first_name", "last_name").orderBy("id").limit(1000);
    if (lastId) page.where("id", ">", lastId);
    const rows: { id: string; first_name: string | null; last_name: string | null }[] = await page;
    if (!rows.length) break;
    for (const row of rows) {
      const key = nameKey(row.first_name, row.last_name);
      if (key) await knex("guests").where({ id: row.id }).update({ name_key: key });
    }
    lastId = rows[rows.length - 1]!.id;
  }
  await knex.schema.alterTable("guests", (t) => {
    t.index(["event_id", "name_key"], "guests_event_id_name_key_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("guests", (t) => {
    t.dropIndex(["event_id", "name_key"], "guests_event_id_name_key_index");
  });
  await knex.schema.alterTable("guests", (t) => {
    t.dropColumn("name_key");
  });
}
