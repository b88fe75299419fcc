import { randomInt } from "node:crypto";
import type { Db } from "../db/knex.ts";
import { Account } from "../models/Account.ts";
import { normalizeEmail, User } from "../models/User.ts";
import { hashPassword } from "./passwords.ts";

export const DEMO_EMAIL = "demo@example.com";
export const DEMO_ADMIN_EMAIL = "admin@example.com";

/** A password that satisfies the spec's rule, easy to copy from a console. */
export function generatePassword(): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const body = Array.from({ length: 14 }, () => alphabet[randomInt(alphabet.length)]).join("");
  return `${body.slice(0, 7)}-${body.slice(7)}-a1B`;
}

export interface DemoCredentials {
  email: string;
  adminEmail: string;
  password: string;
}

/**
 * On a database with no user yet, creates the demo account "Demo" with its organizer (overseer role,
 * so a newcomer sees every account screen) and a platform administrator sharing the same password.
 * Returns the credentials once; null when the database already had users.
 */
export async function seedDemo(db: Db, password: string = generatePassword()): Promise<DemoCredentials | null> {
  return db.transaction(async (trx) => {
    const existing = await User.query(trx).resultSize();
    if (existing > 0) return null;
    const passwordHash = await hashPassword(password);
    const now = new Date();
    const account = await Account.query(trx).insertAndFetch({
      name: "Demo",
      maxOrganizers: 10,
      maxEvents: 50,
      maxCampaignsPerEvent: 20,
      eventRetentionDays: 365,
      twoFactorEnabled: false,
      multilang: true,
      isActive: true,
    });
    const person = { passwordHash, registeredAt: now, isActive: true, language: "en" as const };
    await User.query(trx).insert({
      ...person,
      accountId: account.id,
      email: DEMO_EMAIL,
      emailNormalized: normalizeEmail(DEMO_EMAIL),
      firstName: "Dana",
      lastName: "Demo",
      role: "overseer",
    });
    await User.query(trx).insert({
      ...person,
      accountId: null,
      email: DEMO_ADMIN_EMAIL,
      emailNormalized: normalizeEmail(DEMO_ADMIN_EMAIL),
      firstName: "Pat",
      lastName: "Admin",
      role: "administrator",
    });
    return { email: DEMO_EMAIL, adminEmail: DEMO_ADMIN_EMAIL, password };
  });
}
