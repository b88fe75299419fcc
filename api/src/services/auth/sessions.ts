import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/knex.ts";
import { Session } from "../../models/Session.ts";
import { User } from "../../models/User.ts";
import { trustedLookup } from "./trustedLookups.ts";

export const SESSION_TOKEN_PREFIX = "tss_";
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function randomToken(prefix: string, bytes = 32): string {
  return prefix + randomBytes(bytes).toString("base64url");
}

/** The anti-forgery token of a session: derived, so nothing more is stored. */
export function antiForgeryToken(secret: string, sessionToken: string): string {
  return createHmac("sha256", secret).update(`csrf:${sessionToken}`).digest("base64url");
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface CreatedSession {
  session: Session;
  token: string;
}

export async function createSession(
  db: Db,
  config: Config,
  user: User,
  meta: { ip?: string | null; userAgent?: string | null; now?: Date } = {},
): Promise<CreatedSession> {
  const token = randomToken(SESSION_TOKEN_PREFIX);
  const now = meta.now ?? new Date();
  const session = await Session.query(db).insertAndFetch({
    userId: user.id,
    tokenHash: sha256(token),
    ip: meta.ip?.slice(0, 64) ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + config.sessionAbsoluteHours * 3_600_000),
  });
  return { session, token };
}

interface SessionRow {
  sessionId: string;
  sessionLastSeenAt: Date | string;
  sessionExpiresAt: Date | string;
  sessionRevokedAt: Date | string | null;
  accountIsActive: boolean | number | null;
  [userColumn: string]: unknown;
}

async function readSession(db: Db, tokenHash: string): Promise<SessionRow | null> {
  const row = (await db("sessions")
    .join("users", "users.id", "sessions.userId")
    .leftJoin("accounts", "accounts.id", "users.accountId")
    .where("sessions.tokenHash", tokenHash)
    .first(
      "users.*",
      "sessions.id as sessionId",
      "sessions.lastSeenAt as sessionLastSeenAt",
      "sessions.expiresAt as sessionExpiresAt",
      "sessions.revokedAt as sessionRevokedAt",
      "accounts.isActive as accountIsActive",
    )) as SessionRow | undefined;
  return row ?? null;
}

/**
 * The live session of a token and its user, or null when unknown, revoked, idle too long, past its
 * end, or its user or the user's account is disabled. One round trip: every authenticated request
 * starts here.
 */
export async function findLiveSession(
  db: Db,
  config: Config,
  token: string,
): Promise<{ sessionId: string; user: User } | null> {
  if (!token.startsWith(SESSION_TOKEN_PREFIX)) return null;
  const tokenHash = sha256(token);
  const row = await trustedLookup(db, `session:${tokenHash}`, () => readSession(db, tokenHash));
  if (!row) return null;
  const { sessionId, sessionLastSeenAt, sessionExpiresAt, sessionRevokedAt, accountIsActive, ...userColumns } = row;
  if (sessionRevokedAt) return null;
  const now = Date.now();
  const lastSeen = new Date(sessionLastSeenAt).getTime();
  if (now > new Date(sessionExpiresAt).getTime() || now > lastSeen + config.sessionIdleMinutes * 60_000) return null;
  const user = User.fromDatabaseJson(userColumns);
  // Platform administrators belong to no account.
  if (!user.isActive || (user.accountId !== null && !accountIsActive)) return null;
  if (now - lastSeen > TOUCH_INTERVAL_MS) {
    // The write makes the lookup read the session again (trustedLookups.ts).
    await Session.query(db)
      .patch({ lastSeenAt: new Date(now) })
      .where({ id: sessionId });
  }
  return { sessionId, user };
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await Session.query(db).patch({ revokedAt: new Date() }).where({ id: sessionId }).whereNull("revokedAt");
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await Session.query(db).patch({ revokedAt: new Date() }).where({ userId }).whereNull("revokedAt");
}
