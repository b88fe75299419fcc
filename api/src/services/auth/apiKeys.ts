import type { Db } from "../../db/knex.ts";
import { ApiKey } from "../../models/ApiKey.ts";
import { sha256 } from "./sessions.ts";
import { trustedLookup } from "./trustedLookups.ts";

export const API_KEY_PREFIX = "tsk_";
/** last_used_at is written at most this often, so reads do not turn into writes. */
const USE_INTERVAL_MS = 60_000;

type ApiKeyRow = Record<string, unknown> & { accountIsActive: boolean | number | null };

/** The key of a hash with whether its account is active, in one round trip. */
async function readApiKey(db: Db, keyHash: string): Promise<ApiKeyRow | null> {
  const row = (await db("apiKeys")
    .leftJoin("accounts", "accounts.id", "apiKeys.accountId")
    .where("apiKeys.keyHash", keyHash)
    .first("apiKeys.*", "accounts.isActive as accountIsActive")) as ApiKeyRow | undefined;
  return row ?? null;
}

/** The active API key of a bearer token (its account active), or null. */
export async function findActiveApiKey(db: Db, token: string): Promise<ApiKey | null> {
  if (!token.startsWith(API_KEY_PREFIX)) return null;
  const keyHash = sha256(token);
  const row = await trustedLookup(db, `apiKey:${keyHash}`, () => readApiKey(db, keyHash));
  if (!row) return null;
  const { accountIsActive, ...keyColumns } = row;
  const apiKey = ApiKey.fromDatabaseJson(keyColumns);
  if (apiKey.revokedAt || !accountIsActive) return null;
  if (apiKey.expiresAt && apiKey.expiresAt.getTime() < Date.now()) return null;
  if (!apiKey.lastUsedAt || Date.now() - apiKey.lastUsedAt.getTime() > USE_INTERVAL_MS) {
    // The write makes the lookup read the key again (trustedLookups.ts).
    await ApiKey.query(db).patch({ lastUsedAt: new Date() }).where({ id: apiKey.id });
  }
  return apiKey;
}
