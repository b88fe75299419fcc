import { randomBytes } from "node:crypto";
import type { AccountRole, Language, Role } from "@tessera/shared";
import { passwordHashCostFrom, type Config } from "../../api/src/config.ts";
import type { Db } from "../../api/src/db/knex.ts";
import { Account } from "../../api/src/models/Account.ts";
import { ApiKey } from "../../api/src/models/ApiKey.ts";
import { normalizeEmail, User } from "../../api/src/models/User.ts";
import { API_KEY_PREFIX } from "../../api/src/services/auth/apiKeys.ts";
import { hashPassword } from "../../api/src/services/auth/passwords.ts";
import { createSession, randomToken, sha256 } from "../../api/src/services/auth/sessions.ts";

export const DEFAULT_PASSWORD = "Correct-Horse-42";

/** The scrypt cost of the factories' hashes: the test run's PASSWORD_HASH_COST (vitest.config.ts). */
const passwordHashCost = passwordHashCostFrom(process.env, false);

function unique(): string {
  return randomBytes(4).toString("hex");
}

export async function buildAccount(db: Db, overrides: Partial<Account> = {}): Promise<Account> {
  return Account.query(db).insertAndFetch({
    name: `Account ${unique()}`,
    twoFactorEnabled: false,
    multilang: false,
    isActive: true,
    ...overrides,
  });
}

export interface BuildUserOptions {
  accountId: string | null;
  role: Role;
  email?: string;
  password?: string | null;
  language?: Language;
  firstName?: string;
  lastName?: string;
  isActive?: boolean;
}

/** A registered user (password DEFAULT_PASSWORD unless said; null = invited, not yet registered). */
export async function buildUser(db: Db, options: BuildUserOptions): Promise<User> {
  const email = options.email ?? `user-${unique()}@example.com`;
  const password = options.password === undefined ? DEFAULT_PASSWORD : options.password;
  return User.query(db).insertAndFetch({
    accountId: options.accountId,
    email,
    emailNormalized: normalizeEmail(email),
    firstName: options.firstName ?? "Ada",
    lastName: options.lastName ?? "Lovelace",
    role: options.role,
    language: options.language ?? "en",
    passwordHash: password === null ? null : await hashPassword(password, passwordHashCost),
    registeredAt: password === null ? null : new Date(),
    isActive: options.isActive ?? true,
  });
}

/** A bearer session token for the user, as login would give. */
export async function sessionTokenFor(db: Db, config: Config, user: User): Promise<string> {
  return (await createSession(db, config, user)).token;
}

export async function buildApiKey(
  db: Db,
  accountId: string,
  role: AccountRole = "organizer",
): Promise<{ apiKey: ApiKey; token: string }> {
  const token = randomToken(API_KEY_PREFIX);
  const apiKey = await ApiKey.query(db).insertAndFetch({
    accountId,
    name: `key ${unique()}`,
    role,
    prefix: token.slice(0, 12),
    keyHash: sha256(token),
  });
  return { apiKey, token };
}
