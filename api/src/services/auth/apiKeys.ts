import type { Db } from "../../db/knex.ts";
import { Account } from "../../models/Account.ts";
import { ApiKey } from "../../models/ApiKey.ts";
import { sha256 } from "./sessions.ts";

export const API_KEY_PREFIX = "tsk_";

/** The active API key of a bearer token (its account active), or null. */
export async function findActiveApiKey(db: Db, token: string): Promise<ApiKey | null> {
  if (!token.startsWith(API_KEY_PREFIX)) return null;
  const apiKey = await ApiKey.query(db).findOne({ keyHash: sha256(token) });
  if (!apiKey || apiKey.revokedAt) return null;
  if (apiKey.expiresAt && apiKey.expiresAt.getTime() < Date.now()) return null;
  const account = await Account.query(db).findById(apiKey.accountId);
  if (!account?.isActive) return null;
  if (!apiKey.lastUsedAt || Date.now() - apiKey.lastUsedAt.getTime() > 60_000) {
    await ApiKey.query(db).patch({ lastUsedAt: new Date() }).where({ id: apiKey.id });
  }
  return apiKey;
}
