import { isGuestColumn, type CheckinOptions, type ScanAnswer, type ScanResult } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { rememberedRead } from "../../db/rememberedReads.ts";
import { AppError } from "../../errors.ts";
import { Checkin } from "../../models/Checkin.ts";
import { CheckinCode } from "../../models/CheckinCode.ts";
import { CheckinDeskToken } from "../../models/CheckinDeskToken.ts";
import { CustomField } from "../../models/CustomField.ts";
import {
  clientAddressOf,
  createLimiter,
  limitersPerApp,
  refuseOverLimits,
  tooManyAttempts,
} from "../auth/loginThrottle.ts";
import { randomToken, sha256 } from "../auth/sessions.ts";
import { extraFacts } from "../conditions.ts";
import { applyGuestSearch } from "../guests/listFilters.ts";
import type { Scope } from "../scope.ts";
import { verificationMaterial } from "../checkin-codes/verification.ts";
import { accessCodeHash } from "./accessCodes.ts";
import { admission, displayedValues, GUEST_COLUMNS, guestRowOf, sessionRule, type GuestRow } from "./admission.ts";
import { answerOf } from "./storedAnswer.ts";

/*
 * A check-in desk: signed in with an access code, it holds a token for its session's work and nothing else
 * (the routes of the organizer API refuse it: authenticate.ts leaves it no actor). Everything here is scoped
 * by the token's session: its snapshot of guests, a name search among them, its scans (scans.ts).
 */

export const DESK_TOKEN_PREFIX = "tsd_";
/** A desk's last connection is written at most this often (not on every scan). */
const SEEN_EVERY_MS = 30_000;

/** A signed-in desk: its token row and its session. */
export interface Desk {
  token: CheckinDeskToken;
  checkin: Checkin;
}

/** Wrong access codes per address (the sign-in's failures limit). */
const wrongCodesLimiter = limitersPerApp((deps) =>
  createLimiter(deps, "desk_code_ip", deps.config.throttle.loginFailuresPerIp, false),
);

export function checkinOptionsOf(checkin: Checkin): CheckinOptions {
  return {
    multipleEntries: checkin.multipleEntries,
    reentryAfterExit: checkin.reentryAfterExit,
    exitScans: checkin.exitScans,
  };
}

/** The session as a desk sees it: its displayed fields with their labels in the caller's language. */
export async function deskSessionOf(scope: Scope, desk: Desk) {
  const { checkin } = desk;
  const custom = new Map(
    (await CustomField.query(scope.db).where({ eventId: checkin.eventId }).select("id", "label", "options")).map(
      (field) => [field.id, field],
    ),
  );
  return {
    checkin: {
      id: checkin.id,
      eventId: checkin.eventId,
      name: checkin.name,
      type: checkin.type,
      status: checkin.status,
      displayedFields: checkin.displayedFields.map((id) => {
        if (isGuestColumn(id)) return { id, label: scope.t(`web:guests.fields.${id}`) };
        const field = custom.get(id);
        const options = (field?.options ?? []).map((option) => ({ id: option.id, label: option.label }));
        return { id, label: field?.label ?? id, ...(options.length ? { options } : {}) };
      }),
      options: checkinOptionsOf(checkin),
      updatedAt: checkin.updatedAt.toISOString(),
    },
    desk: desk.token.desk,
  };
}

/** A desk trades an enabled session's access code for a token; wrong codes are throttled per address. */
export async function deskSignIn(scope: Scope, body: { code: string; desk: string }) {
  const limiter = wrongCodesLimiter(scope.deps);
  const address = sha256(clientAddressOf(scope));
  const spent = await limiter.get(address);
  if (spent && spent.remainingPoints <= 0) throw tooManyAttempts(spent.msBeforeNext);
  const code = await CheckinCode.query(scope.db)
    .findOne({ codeHash: accessCodeHash(scope.deps.config.secret, body.code) })
    .whereNull("revokedAt");
  if (!code) {
    await refuseOverLimits([[limiter, address]]);
    throw new AppError("access_code_invalid", 401);
  }
  const checkin = await Checkin.query(scope.db).findById(code.checkinId);
  if (!checkin) throw new AppError("access_code_invalid", 401);
  if (checkin.status !== "enabled") throw new AppError("checkin_disabled", 403);
  const token = randomToken(DESK_TOKEN_PREFIX);
  const now = scope.clock.now();
  const row = await CheckinDeskToken.query(scope.db).insertAndFetch({
    accountId: code.accountId,
    eventId: code.eventId,
    checkinId: checkin.id,
    codeId: code.id,
    tokenHash: sha256(token),
    desk: body.desk.trim(),
    lastSeenAt: now,
    lastAddress: scope.clientAddress,
  });
  return { token, ...(await deskSessionOf(scope, { token: row, checkin })) };
}

/** What a desk token is made of: its row, its session, and the code that revokes it. */
const DESK_TABLES = ["checkin_desk_tokens", "checkins", "checkin_codes"];

type TokenRow = Record<`token${string}`, unknown> & Checkin;

/**
 * The token and its session in one read, trusted without reading it again until this process writes to
 * what it is made of (a code revoked, a desk signed out, the session changed: seen on the next scan) or 2 s
 * pass (a write from another process), as a user's session is: a desk scans many times a second.
 */
function tokenRow(scope: Scope, tokenHash: string): Promise<TokenRow | null> {
  return rememberedRead(scope.db, DESK_TABLES, `desk:${tokenHash}`, async () => {
    const row = await Checkin.query(scope.db)
      .alias("c")
      .join("checkinDeskTokens as t", "t.checkinId", "c.id")
      .where("t.tokenHash", tokenHash)
      .whereNull("t.revokedAt")
      .select(
        "c.*",
        "t.id as tokenId",
        "t.codeId as tokenCodeId",
        "t.desk as tokenDesk",
        "t.createdAt as tokenCreatedAt",
        "t.lastSeenAt as tokenLastSeenAt",
      )
      .first();
    return row ? ({ ...row } as TokenRow) : null;
  });
}

/** The desk a token names; 401 when it is unknown or revoked (its code revoked too). */
export async function resolveDesk(scope: Scope, token: string): Promise<Desk> {
  if (!token.startsWith(DESK_TOKEN_PREFIX)) throw AppError.unauthenticated();
  const found = await tokenRow(scope, sha256(token));
  if (!found) throw AppError.unauthenticated();
  const { tokenId, tokenCodeId, tokenDesk, tokenCreatedAt, tokenLastSeenAt, ...session } = found;
  const checkin = Object.assign(new Checkin(), session);
  const row = Object.assign(new CheckinDeskToken(), {
    id: tokenId as string,
    accountId: checkin.accountId,
    eventId: checkin.eventId,
    checkinId: checkin.id,
    codeId: tokenCodeId as string,
    desk: tokenDesk as string,
    createdAt: new Date(tokenCreatedAt as string),
    lastSeenAt: new Date(tokenLastSeenAt as string),
    revokedAt: null,
  });
  const now = scope.clock.now();
  if (now.getTime() - row.lastSeenAt.getTime() >= SEEN_EVERY_MS) {
    await CheckinDeskToken.query(scope.db)
      .patch({ lastSeenAt: now, lastAddress: scope.clientAddress })
      .where({ id: row.id });
    row.lastSeenAt = now;
  }
  return { token: row, checkin };
}

/** A desk's work needs its session enabled (reading what it is does not). */
export function requireEnabled(checkin: Checkin): void {
  if (checkin.status !== "enabled") throw new AppError("checkin_disabled", 403);
}

export async function deskSignOut(scope: Scope, desk: Desk): Promise<void> {
  await CheckinDeskToken.query(scope.db).patch({ revokedAt: scope.clock.now() }).where({ id: desk.token.id });
}

const selectGuests = (db: Knex, eventId: string) =>
  db("guests")
    .where({ eventId })
    .select(GUEST_COLUMNS.map((column) => `guests.${column}`));

/**
 * The guests changed since `since`; with ticket conditions, those whose orders changed since too (an order paid,
 * refunded or cancelled changes what the rule says of its buyer and holders, not their rows).
 */
function changedSince(db: Knex, read: Knex.QueryBuilder, eventId: string, since: string, readsTickets: boolean) {
  if (!readsTickets) return read.where("guests.updatedAt", ">", since);
  const holders = db("orderItems as i")
    .join("orders as o", "o.id", "i.orderId")
    .where("o.eventId", eventId)
    .where("o.updatedAt", ">", since)
    .select(db.raw("coalesce(i.holder_guest_id, o.guest_id)"));
  return read.where((changed) => changed.where("guests.updatedAt", ">", since).orWhereIn("guests.id", holders));
}

/** A flagged offline admission of a guest: the desk that made it shows the conflict as its own. */
interface FlaggedScan {
  scanId: string;
  conflict: ScanResult | null;
  previous: NonNullable<ScanAnswer["previous"]> | null;
}

/** The flagged offline admissions among the scans of guests in a session, by guest. */
async function flaggedScansOf(db: Knex, checkinId: string, guestIds: readonly string[]) {
  const byGuest = new Map<string, FlaggedScan[]>();
  if (guestIds.length === 0) return byGuest;
  const rows = (await db("checkinScans")
    .where({ checkinId, flagged: true })
    .whereIn("guestId", guestIds)
    .orderBy("scannedAt")
    .select("guestId", "scanId", "answer")) as { guestId: string; scanId: string; answer: string | ScanAnswer }[];
  for (const row of rows) {
    const answer = answerOf(row.answer);
    const scans = byGuest.get(row.guestId) ?? [];
    scans.push({ scanId: row.scanId, conflict: answer.conflict ?? null, previous: answer.previous ?? null });
    byGuest.set(row.guestId, scans);
  }
  return byGuest;
}

interface EntryRow {
  guestId: string;
  state: "in" | "out";
  lastInAt: string | Date | null;
  updatedAt: string | Date;
}

/** A guest's entry as a desk reads it: in or out and since when, with its flagged offline admissions. */
function entryView(row: EntryRow, flaggedScans: FlaggedScan[] = []) {
  return { state: row.state, at: iso(row.lastInAt ?? row.updatedAt), flagged: flaggedScans.length > 0, flaggedScans };
}

/**
 * Entry states of guests in a session, each with the flagged offline admissions among its scans (read for the
 * guests with an entry only: a flagged admission is one of an entry's scans).
 */
async function entriesOf(db: Knex, checkinId: string, guestIds: readonly string[]) {
  const rows = guestIds.length
    ? ((await db("checkinEntries")
        .where({ checkinId })
        .whereIn("guestId", guestIds)
        .select("guestId", "state", "lastInAt", "updatedAt")) as EntryRow[])
    : [];
  const flagged = await flaggedScansOf(
    db,
    checkinId,
    rows.map((row) => row.guestId),
  );
  return new Map(rows.map((row) => [row.guestId, entryView(row, flagged.get(row.guestId))]));
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** Where a page starts: in the guests (their updatedAt and id), or in the entries changed since (`entries`). */
type Cursor = { in: "guests"; at: string; id: string } | { in: "entries"; at: string | null; id: string | null };

const ENTRIES_CURSOR = "entries";
const cursorText = (parts: string[]) => Buffer.from(parts.join("|")).toString("base64url");

function readCursor(after: string | undefined): Cursor | null {
  if (!after) return null;
  const parts = Buffer.from(after, "base64url").toString().split("|");
  const isEntries = parts[0] === ENTRIES_CURSOR;
  const [at, id] = isEntries ? parts.slice(1) : parts;
  if (isEntries && !at && !id) return { in: "entries", at: null, id: null };
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/i.test(id))
    throw AppError.invalid([{ field: "after", code: "invalid_value" }]);
  return { in: isEntries ? "entries" : "guests", at: new Date(at).toISOString(), id };
}

/**
 * Rows after the cursor's (updatedAt, id), as a page reads on: one row comparison, which both databases read as
 * a range of the (…, updated_at, id) index (the same test spelled with OR filters every row before the cursor).
 */
function after(read: Knex.QueryBuilder, at: string, idColumn: string, atColumn: string, id: string) {
  read.whereRaw("(??, ??) > (?, ?)", [atColumn, idColumn, at, id]);
}

type SnapshotEntry = {
  guestId: string;
  state: "in" | "out";
  at: string;
  flagged: boolean;
  flaggedScans: FlaggedScan[];
  updatedAt: string;
};

/**
 * The session's entries changed since `since` (other desks' scans), by the entries' own (updated_at,
 * guest_id) index: up to `limit`, after `from`.
 */
async function entryChanges(db: Knex, checkinId: string, since: string, from: Cursor | null, limit: number) {
  const read = db("checkinEntries")
    .where({ checkinId })
    .where("updatedAt", ">", since)
    .orderBy("updatedAt")
    .orderBy("guestId")
    .limit(limit)
    .select("guestId", "state", "lastInAt", "updatedAt");
  if (from?.in === "entries" && from.at && from.id) after(read, from.at, "guestId", "updatedAt", from.id);
  const rows = (await read) as EntryRow[];
  const flagged = await flaggedScansOf(
    db,
    checkinId,
    rows.map((row) => row.guestId),
  );
  const entries: SnapshotEntry[] = rows.map((row) => ({
    guestId: row.guestId,
    ...entryView(row, flagged.get(row.guestId)),
    updatedAt: iso(row.updatedAt),
  }));
  const last = rows.at(-1);
  const next = rows.length === limit && last ? cursorText([ENTRIES_CURSOR, iso(last.updatedAt), last.guestId]) : null;
  return { entries, next };
}

/**
 * The session's guests for the desk, by (updatedAt, id): every guest it lets in; or with `updatedSince`, the
 * guests changed since (each saying whether it is still allowed, so the desk drops the others), then the
 * entries changed since (other desks' scans), in pages of at most `limit` items of both lists together.
 */
export async function deskSnapshot(
  scope: Scope,
  desk: Desk,
  query: { updatedSince?: string; after?: string; limit?: number },
) {
  requireEnabled(desk.checkin);
  const asOf = scope.clock.now().toISOString();
  const limit = query.limit ?? 500;
  const cursor = readCursor(query.after);
  const rule = sessionRule(desk.checkin);
  const since = query.updatedSince !== undefined ? new Date(query.updatedSince).toISOString() : null;
  const data: {
    id: string;
    allowed: boolean;
    refusal?: "unpaid";
    fields: Record<string, unknown>;
    updatedAt: string;
    entry: { state: "in" | "out"; at: string; flagged: boolean; flaggedScans: FlaggedScan[] } | null;
  }[] = [];
  let last: GuestRow | null = null;
  let exhausted = cursor?.in === "entries";
  // Pages of the table until `limit` guests are kept (a full download leaves out the guests not allowed).
  while (data.length < limit && !exhausted) {
    const read = selectGuests(scope.db, desk.checkin.eventId)
      .orderBy("guests.updatedAt")
      .orderBy("guests.id")
      .limit(limit);
    if (since) changedSince(scope.db, read, desk.checkin.eventId, since, rule.tickets);
    const from = last ? { at: iso(last.updatedAt), id: last.id } : cursor?.in === "guests" ? cursor : null;
    if (from) after(read, from.at, "guests.id", "guests.updatedAt", from.id);
    const guests = ((await read) as Record<string, unknown>[]).map(guestRowOf);
    exhausted = guests.length < limit;
    const [extras, entries] = await Promise.all([
      extraFacts(
        scope.db,
        rule,
        guests.map((guest) => guest.id),
      ),
      entriesOf(
        scope.db,
        desk.checkin.id,
        guests.map((guest) => guest.id),
      ),
    ]);
    for (const guest of guests) {
      last = guest;
      const verdict = admission(rule, guest, extras);
      // A guest whose ticket awaits its payment goes to the desk too, to be answered unpaid offline.
      const unpaid = !verdict.admitted && verdict.result === "unpaid";
      if (verdict.admitted || unpaid || since) {
        data.push({
          id: guest.id,
          allowed: verdict.admitted,
          ...(unpaid ? { refusal: "unpaid" as const } : {}),
          fields: verdict.admitted || unpaid ? displayedValues(desk.checkin.displayedFields, guest) : {},
          updatedAt: iso(guest.updatedAt),
          entry: entries.get(guest.id) ?? null,
        });
      }
      if (data.length >= limit) {
        exhausted = exhausted && guest === guests.at(-1);
        break;
      }
    }
  }
  if (!exhausted && last) return { data, entries: [], next: cursorText([iso(last.updatedAt), last.id]), asOf };
  if (!since) return { data, entries: [], next: null, asOf };
  // Changed since, the guests done: the entries changed since fill the rest of the page.
  const room = limit - data.length;
  if (room === 0) return { data, entries: [], next: cursorText([ENTRIES_CURSOR, "", ""]), asOf };
  const changes = await entryChanges(scope.db, desk.checkin.id, since, cursor, room);
  return { data, entries: changes.entries, next: changes.next, asOf };
}

/** The event's verification material for signed guest codes (checkin-codes/verification.ts). */
export async function deskVerification(scope: Scope, desk: Desk) {
  requireEnabled(desk.checkin);
  return verificationMaterial(scope.db, desk.checkin.eventId);
}

/** The session's guests (and those it answers unpaid) whose name, email or company holds `q`, with the displayed fields. */
export async function deskSearch(scope: Scope, desk: Desk, query: { q: string; limit?: number }) {
  requireEnabled(desk.checkin);
  const limit = query.limit ?? 20;
  const rule = sessionRule(desk.checkin);
  const read = selectGuests(scope.db, desk.checkin.eventId)
    .orderBy("guests.lastName")
    .orderBy("guests.id")
    .limit(limit * 4);
  applyGuestSearch(scope.db, read, query.q);
  const guests = ((await read) as Record<string, unknown>[]).map(guestRowOf);
  const extras = await extraFacts(
    scope.db,
    rule,
    guests.map((guest) => guest.id),
  );
  return {
    data: guests
      .filter((guest) => {
        // A guest whose ticket awaits its payment is found too: checking them in answers unpaid.
        const verdict = admission(rule, guest, extras);
        return verdict.admitted || verdict.result === "unpaid";
      })
      .slice(0, limit)
      .map((guest) => ({ id: guest.id, fields: displayedValues(desk.checkin.displayedFields, guest) })),
  };
}
