import { rememberedRead } from "../../db/rememberedReads.ts";
import type { Db } from "../../db/knex.ts";

/** What an authenticated caller is made of: their session or API key, their user, their account. */
const AUTH_TABLES = ["sessions", "users", "accounts", "api_keys"];

/**
 * A session or API key read moments ago, trusted without reading it again until this process writes to
 * what it is made of (sign-out, a role or password changed, an account suspended, a key revoked: seen on
 * the next request) or 2 s pass (a write from another process).
 */
export function trustedLookup<T>(db: Db, key: string, load: () => Promise<T | null>): Promise<T | null> {
  return rememberedRead(db, AUTH_TABLES, key, load);
}
