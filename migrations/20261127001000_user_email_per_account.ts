import type { Knex } from "knex";

/**
 * One person may belong to several accounts: an address is unique within an account (and among
 * platform administrators), no longer across the platform. Inviting into account B an address used in
 * account A creates B's own user, exactly as for a new address, so B learns nothing about A's users.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (t) => {
    t.dropUnique(["email_normalized"]);
    t.index(["email_normalized"], "users_email_normalized_index");
  });
  await knex.raw(
    "create unique index users_account_email_unique on users (account_id, email_normalized) where account_id is not null",
  );
  await knex.raw(
    "create unique index users_platform_email_unique on users (email_normalized) where account_id is null",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop index users_platform_email_unique");
  await knex.raw("drop index users_account_email_unique");
  await knex.schema.alterTable("users", (t) => {
    t.dropIndex(["email_normalized"], "users_email_normalized_index");
    t.unique(["email_normalized"]);
  });
}
