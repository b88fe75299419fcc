import { createHmac, randomInt } from "node:crypto";
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH, normalizeAccessCode, personName } from "@tessera/shared";
import { AppError } from "../../errors.ts";
import { CheckinCode } from "../../models/CheckinCode.ts";
import { CheckinDeskToken } from "../../models/CheckinDeskToken.ts";
import type { Event } from "../../models/Event.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import type { Scope } from "../scope.ts";
import { findCheckin, recordCheckinAudit } from "./sessions.ts";

/*
 * Access codes (spec §7 checkincodes): an organizer makes one for a session and reads it to the people at the
 * door; a desk trades it for a token (desk.ts). A code is stored as a keyed hash (HMAC with the server's secret:
 * the table alone gives nothing to guess against), so its text is shown once. Revoking it signs its desks out.
 */

/** The stored form of a code as typed (normalized first). */
export function accessCodeHash(secret: string, typed: string): string {
  return createHmac("sha256", secret)
    .update(`checkin-access-code:${normalizeAccessCode(typed)}`)
    .digest("hex");
}

function newAccessCode(): string {
  return Array.from({ length: ACCESS_CODE_LENGTH }, () => ACCESS_CODE_ALPHABET[randomInt(32)]).join("");
}

/** A code with who made it, for the presenter. */
export interface AccessCodeView {
  code: CheckinCode;
  /** The text, in the answer that made it only. */
  text?: string;
  createdByName: string | null;
}

async function withAuthor(scope: Scope, code: CheckinCode, text?: string): Promise<AccessCodeView> {
  const author = code.createdBy
    ? ((await scope.db("users").where({ id: code.createdBy }).first("firstName", "lastName")) as
        { firstName: string | null; lastName: string | null } | undefined)
    : undefined;
  const createdByName = author ? personName(author.firstName, author.lastName) : null;
  return { code, createdByName, ...(text ? { text } : {}) };
}

export async function createAccessCode(scope: Scope, key: EventKey, checkinId: string): Promise<AccessCodeView> {
  const { code, text } = await scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key);
    const checkin = await findCheckin(trx, event.id, checkinId);
    const text = newAccessCode();
    const code = await CheckinCode.query(trx).insertAndFetch({
      accountId: event.accountId,
      eventId: event.id,
      checkinId: checkin.id,
      codeHash: accessCodeHash(scope.deps.config.secret, text),
      hint: text.slice(-2),
      createdBy: scope.actor?.kind === "user" ? scope.actor.id : null,
    });
    await recordCheckinAudit(trx, scope, event, checkin, "checkin.code_created", {
      after: { codeId: code.id, hint: code.hint },
    });
    return { code, text };
  });
  return withAuthor(scope, code, text);
}

/** The session's newest code (revoked or not), without its text. */
export async function lastAccessCode(scope: Scope, key: EventKey, checkinId: string): Promise<AccessCodeView | null> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const checkin = await findCheckin(scope.db, event.id, checkinId);
  const code = await CheckinCode.query(scope.db)
    .where({ checkinId: checkin.id })
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .first();
  return code ? withAuthor(scope, code) : null;
}

export async function revokeAccessCode(scope: Scope, key: EventKey, codeId: string): Promise<void> {
  await scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key);
    const code = await CheckinCode.query(trx).findOne({ id: codeId, eventId: event.id });
    if (!code) throw AppError.notFound();
    const now = scope.clock.now();
    if (!code.revokedAt) await CheckinCode.query(trx).patch({ revokedAt: now }).where({ id: code.id });
    await CheckinDeskToken.query(trx).patch({ revokedAt: now }).where({ codeId: code.id }).whereNull("revokedAt");
    const checkin = await findCheckin(trx, event.id, code.checkinId);
    await recordCheckinAudit(trx, scope, event, checkin, "checkin.code_revoked", {
      before: { codeId: code.id, hint: code.hint },
    });
  });
}

/** The desks signed in to the event's sessions (or one session's), last seen first. */
export async function deskConnections(
  scope: Scope,
  key: EventKey,
  checkinId: string | undefined,
): Promise<{ event: Event; tokens: CheckinDeskToken[] }> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const query = CheckinDeskToken.query(scope.db).where({ eventId: event.id });
  if (checkinId) query.where({ checkinId: (await findCheckin(scope.db, event.id, checkinId)).id });
  const tokens = await query.orderBy("lastSeenAt", "desc").orderBy("id").limit(200);
  return { event, tokens };
}
