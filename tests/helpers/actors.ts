/**
 * The cast of a role × route matrix (QUALITY.md, tenant isolation): for one test server, every kind
 * of caller with a ready HTTP client.
 *
 *   const cast = await buildCast(server);
 *   await cast.client("reader").get(`/api/v1/accounts/${cast.accountA.id}`);
 *   for (const member of CAST_MEMBERS) { … cast.client(member) … }
 *
 * - account A: an overseer, an organizer, an editor, a reader (registered users with sessions) and an
 *   API key (role organizer unless `apiKeyRole` says otherwise);
 * - account B: its own organizer ("outsider") and overseer ("outsiderOverseer"), who must see
 *   nothing of account A (404, never 403);
 * - a platform administrator (role administrator, no account);
 * - "anonymous": no credentials at all (401 on every protected route).
 *
 * Routes are always exercised in account A; B only supplies outsiders. `snapshotDatabase` and
 * `expectNoChange` check that a refused write changed nothing.
 */
import { createHash } from "node:crypto";
import type { AccountRole } from "@tessera/shared";
import { expect } from "vitest";
import type { Db } from "../../api/src/db/knex.ts";
import { isPostgres } from "../../api/src/db/dialect.ts";
import type { Account } from "../../api/src/models/Account.ts";
import type { ApiKey } from "../../api/src/models/ApiKey.ts";
import type { Event } from "../../api/src/models/Event.ts";
import type { User } from "../../api/src/models/User.ts";
import { listOnEvent } from "./events.ts";
import { buildAccount, buildApiKey, buildUser, sessionTokenFor, type BuildUserOptions } from "./factories.ts";
import type { HttpClient } from "./http.ts";
import type { TestServer } from "./server.ts";

/** Every column of a route × role matrix, in the order QUALITY.md lists them (plus B's overseer). */
export const CAST_MEMBERS = [
  "anonymous",
  "outsider",
  "outsiderOverseer",
  "reader",
  "editor",
  "organizer",
  "overseer",
  "administrator",
  "apiKey",
] as const;
export type CastMember = (typeof CAST_MEMBERS)[number];

/** The members who are signed-in users (they have a `user`). */
export type CastUserMember = Exclude<CastMember, "anonymous" | "apiKey">;

export interface CastUser {
  user: User;
  /** Bearer session token. */
  token: string;
  http: HttpClient;
}

export interface CastApiKey {
  apiKey: ApiKey;
  token: string;
  http: HttpClient;
}

export interface Cast {
  server: TestServer;
  /** The account the routes under test act on. */
  accountA: Account;
  /** The other tenant: its users are outsiders to account A. */
  accountB: Account;
  users: Record<CastUserMember, CastUser>;
  apiKey: CastApiKey;
  /** The HTTP client of a member ("anonymous" has no credentials). */
  client(member: CastMember): HttpClient;
  /** The user id of a member, null for "anonymous" and "apiKey". */
  userId(member: CastMember): string | null;
}

export interface CastOptions {
  /** Role of account A's API key (default organizer). */
  apiKeyRole?: AccountRole;
  /** Overrides for account A (e.g. { maxOrganizers: 10 }); its default limits are unlimited. */
  accountA?: Partial<Account>;
  accountB?: Partial<Account>;
}

/** A user built on the server's database, with a session token and a client carrying it. */
export async function signedInUser(server: TestServer, options: BuildUserOptions): Promise<CastUser> {
  const user = await buildUser(server.db, options);
  const token = await sessionTokenFor(server.db, server.config, user);
  return { user, token, http: server.http.as(token) };
}

/**
 * A user of the event's account (role and names in `options`) put on the event's user list, signed in: a
 * reader or an editor sees the event only so.
 *
 *   const { token, http } = await listedUser(suite.server, event, { role: "editor" });
 */
export async function listedUser(
  server: TestServer,
  event: Pick<Event, "id" | "accountId">,
  options: Omit<BuildUserOptions, "accountId">,
): Promise<CastUser> {
  const listed = await signedInUser(server, { ...options, accountId: event.accountId });
  await listOnEvent(server.db, event.id, { userIds: [listed.user.id] });
  return listed;
}

async function castUser(
  server: TestServer,
  accountId: string | null,
  role: CastUser["user"]["role"],
  label: string,
): Promise<CastUser> {
  return signedInUser(server, {
    accountId,
    role,
    firstName: label,
    lastName: "Cast",
    email: `${label.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@cast.example.com`,
  });
}

/** Builds the whole cast on the server's database (a few dozen milliseconds). */
export async function buildCast(server: TestServer, options: CastOptions = {}): Promise<Cast> {
  const accountA = await buildAccount(server.db, { name: "Account A", ...options.accountA });
  const accountB = await buildAccount(server.db, { name: "Account B", ...options.accountB });
  const users: Record<CastUserMember, CastUser> = {
    overseer: await castUser(server, accountA.id, "overseer", "Overseer"),
    organizer: await castUser(server, accountA.id, "organizer", "Organizer"),
    editor: await castUser(server, accountA.id, "editor", "Editor"),
    reader: await castUser(server, accountA.id, "reader", "Reader"),
    outsider: await castUser(server, accountB.id, "organizer", "Outsider"),
    outsiderOverseer: await castUser(server, accountB.id, "overseer", "OutsiderOverseer"),
    administrator: await castUser(server, null, "administrator", "Administrator"),
  };
  const key = await buildApiKey(server.db, accountA.id, options.apiKeyRole ?? "organizer");
  const apiKey: CastApiKey = { ...key, http: server.http.as(key.token) };
  return {
    server,
    accountA,
    accountB,
    users,
    apiKey,
    client(member) {
      if (member === "anonymous") return server.http;
      if (member === "apiKey") return apiKey.http;
      return users[member].http;
    },
    userId(member) {
      return member === "anonymous" || member === "apiKey" ? null : users[member].user.id;
    },
  };
}

/**
 * Left out of snapshots: tables whose rows change on any authenticated request (session touch),
 * throttling counters, the reports of failures (a refused call that failed is reported, not a change of
 * the data) and the migrator's own; columns listed per table are dropped instead of the whole table: an
 * API key's last use, and the stamps the order mails' job writes once it sent them (a job an earlier,
 * allowed call queued may still be running while a later, refused one is checked).
 */
export const VOLATILE: { tables: readonly string[]; columns: Readonly<Record<string, readonly string[]>> } = {
  tables: ["knex_migrations", "knex_migrations_lock", "sessions", "rate_limits", "error_reports", "sqlite_sequence"],
  columns: {
    api_keys: ["last_used_at"],
    orders: ["confirmation_mailed_at"],
    refunds: ["mailed_at"],
  },
};

/** A quoted SQL identifier (the names come from the database's own catalogue). */
function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The columns of every table of the schema, in their order (snake_case names). */
async function columnsByTable(db: Db): Promise<Map<string, string[]>> {
  const rows: { table: string; column: string }[] = isPostgres(db)
    ? (
        await db.raw<{ rows: { table: string; column: string }[] }>(
          `select c.relname as "table", a.attname as "column"
             from pg_class c
             join pg_namespace n on n.oid = c.relnamespace
             join pg_attribute a on a.attrelid = c.oid
            where n.nspname = current_schema() and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
            order by c.relname, a.attnum`,
        )
      ).rows
    : await db.raw<{ table: string; column: string }[]>(
        `select m.name as "table", p.name as "column"
           from sqlite_master m join pragma_table_info(m.name) p
          where m.type = 'table'
          order by m.name, p.cid`,
      );
  const columns = new Map<string, string[]>();
  for (const { table, column } of rows) columns.set(table, [...(columns.get(table) ?? []), column]);
  return columns;
}

/** What a snapshot holds of one table: its row count and a checksum over all its rows. */
export interface TableFingerprint {
  rows: number;
  checksum: string;
}

/**
 * A fingerprint of every application table (snake_case names), minus `VOLATILE` and the tables in
 * `ignore`: compare two snapshots to prove a call wrote nothing. Each table gives its row count and an
 * MD5 over its rows as text, sorted (so row order does not matter), every column but the volatile
 * ones: a changed value, an added or a removed row all change it. One query for the whole database,
 * computed by the database (PostgreSQL: md5(string_agg(row::text)); SQLite: the rows as quote()d
 * text, joined in SQL and hashed here).
 */
export async function snapshotDatabase(
  db: Db,
  ignore: readonly string[] = [],
): Promise<Record<string, TableFingerprint>> {
  const postgres = isPostgres(db);
  const selects: string[] = [];
  for (const [table, allColumns] of await columnsByTable(db)) {
    if (VOLATILE.tables.includes(table) || ignore.includes(table)) continue;
    const columns = allColumns.filter((column) => !(VOLATILE.columns[table] ?? []).includes(column));
    const name = `'${table.replace(/'/g, "''")}'`;
    selects.push(
      postgres
        ? `select ${name} as "table", count(*)::int as "rows",
                  md5(coalesce(string_agg(r::text, E'\\n' order by r::text), '')) as "checksum"
             from (select ${columns.map(quoted).join(", ")} from ${quoted(table)}) r`
        : `select ${name} as "table", count(*) as "rows", coalesce(group_concat(r, char(10) order by r), '') as "checksum"
             from (select ${columns.map((column) => `quote(${quoted(column)})`).join(" || ',' || ")} as r
                     from ${quoted(table)})`,
    );
  }
  const result = (await db.raw(selects.join("\nunion all\n"))) as unknown;
  const rows = (postgres ? (result as { rows: unknown[] }).rows : result) as {
    table: string;
    rows: number;
    checksum: string;
  }[];
  const snapshot: Record<string, TableFingerprint> = {};
  for (const row of rows.sort((a, b) => a.table.localeCompare(b.table))) {
    snapshot[row.table] = {
      rows: Number(row.rows),
      checksum: postgres ? row.checksum : createHash("md5").update(row.checksum).digest("hex"),
    };
  }
  return snapshot;
}

/** Runs `call` and checks that the database is exactly as before (for refused writes). */
export async function expectNoChange<T>(db: Db, call: () => Promise<T>, ignore: readonly string[] = []): Promise<T> {
  const before = await snapshotDatabase(db, ignore);
  const result = await call();
  expect(await snapshotDatabase(db, ignore)).toEqual(before);
  return result;
}
