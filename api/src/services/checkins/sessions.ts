import {
  DEFAULT_DISPLAYED_FIELDS,
  DEFAULT_MAX_OFFLINE_CHECKINS,
  isGuestColumn,
  type CheckinCreate,
  type CheckinUpdate,
  type EventAuditAction,
  type ValidationIssue,
} from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Checkin } from "../../models/Checkin.ts";
import { CheckinDeskToken } from "../../models/CheckinDeskToken.ts";
import type { CustomField } from "../../models/CustomField.ts";
import type { Event } from "../../models/Event.ts";
import type { EventTies } from "../../policies/events.ts";
import { changedFields, recordAudit } from "../audit/record.ts";
import { checkedRule, ticketNames } from "../conditions.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { listCustomFields } from "../guests/customFields.ts";
import type { Scope } from "../scope.ts";

/*
 * The event's check-in sessions. Who may: anyone who sees the event reads them (and scans); editors and up
 * (events.update) create, change and delete them. Rules are the condition engine's, checked against the event's
 * questions and ticket types; an event holds at most its maximum of offline sessions. Every change is in the
 * event's history, in the same transaction.
 */

/** Desk connections a session lists with itself. */
const LAST_CONNECTIONS = 5;

/** A session with the event, the actor's ties, its last desk connections and the questions its rule names. */
export interface CheckinView {
  checkin: Checkin;
  event: Event;
  ties: EventTies;
  connections: CheckinDeskToken[];
  fields: CustomField[];
  /** The event's ticket types, named in the rule's words. */
  tickets: { id: string; name: string }[];
}

type CheckinAuditAction = Extract<EventAuditAction, `checkin.${string}`>;

/** A session as the trail keeps it. */
function checkinSnapshot(checkin: Checkin): Record<string, unknown> {
  return {
    id: checkin.id,
    name: checkin.name,
    type: checkin.type,
    status: checkin.status,
    conditions: checkin.conditions,
    displayedFields: checkin.displayedFields,
    multipleEntries: checkin.multipleEntries,
    reentryAfterExit: checkin.reentryAfterExit,
    exitScans: checkin.exitScans,
  };
}

export async function recordCheckinAudit(
  trx: Knex.Transaction,
  scope: Scope,
  event: Pick<Event, "id" | "accountId">,
  checkin: Pick<Checkin, "id" | "name">,
  action: CheckinAuditAction,
  values: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
): Promise<void> {
  await recordAudit(trx, scope, {
    action,
    subjectType: "checkin",
    subjectId: checkin.id,
    accountId: event.accountId,
    eventId: event.id,
    before: values.before ?? null,
    after: values.after ?? null,
    metadata: { subject: checkin.name },
  });
}

export async function findCheckin(db: Knex, eventId: string, checkinId: string): Promise<Checkin> {
  const checkin = await Checkin.query(db).findOne({ id: checkinId, eventId });
  if (!checkin) throw AppError.notFound();
  return checkin;
}

/** The last desk connections of each session, newest first. */
async function connectionsOf(db: Knex, checkinIds: readonly string[]): Promise<Map<string, CheckinDeskToken[]>> {
  const byCheckin = new Map<string, CheckinDeskToken[]>(checkinIds.map((id) => [id, []]));
  if (!checkinIds.length) return byCheckin;
  const ranked = db("checkinDeskTokens")
    .whereIn("checkinId", checkinIds)
    .select("*", db.raw("row_number() over (partition by checkin_id order by last_seen_at desc, id) as rank"))
    .as("ranked");
  const rows = (await db.from(ranked).where("rank", "<=", LAST_CONNECTIONS).orderBy("lastSeenAt", "desc")) as Record<
    string,
    unknown
  >[];
  const tokens = CheckinDeskToken.fromStoredRows(rows.map(({ rank: _rank, ...row }) => row)) as CheckinDeskToken[];
  for (const token of tokens) byCheckin.get(token.checkinId)?.push(token);
  return byCheckin;
}

async function viewOf(db: Knex, checkin: Checkin, event: Event, ties: EventTies): Promise<CheckinView> {
  const [connections, fields, tickets] = await Promise.all([
    connectionsOf(db, [checkin.id]),
    listCustomFields(db, event.id),
    ticketNames(db, event.id),
  ]);
  return { checkin, event, ties, connections: connections.get(checkin.id) ?? [], fields, tickets };
}

export async function listCheckins(scope: Scope, key: EventKey): Promise<CheckinView[]> {
  const { event, ties } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const checkins = await Checkin.query(scope.db)
    .where({ eventId: event.id })
    .orderBy("createdAt", "desc")
    .orderBy("id");
  const [connections, fields, tickets] = await Promise.all([
    connectionsOf(
      scope.db,
      checkins.map((checkin) => checkin.id),
    ),
    listCustomFields(scope.db, event.id),
    ticketNames(scope.db, event.id),
  ]);
  return checkins.map((checkin) => ({
    checkin,
    event,
    ties,
    connections: connections.get(checkin.id) ?? [],
    fields,
    tickets,
  }));
}

export async function getCheckin(scope: Scope, key: EventKey, checkinId: string): Promise<CheckinView> {
  const { event, ties } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return viewOf(scope.db, await findCheckin(scope.db, event.id, checkinId), event, ties);
}

/** Guest columns and the event's custom fields, each once. */
async function checkedFields(trx: Knex, eventId: string, fields: readonly string[]): Promise<string[]> {
  const customIds = fields.filter((field) => !isGuestColumn(field));
  const known = new Set(
    customIds.length
      ? ((await trx("customFields")
          .where({ eventId })
          .whereIn(
            "id",
            customIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id)),
          )
          .pluck("id")) as string[])
      : [],
  );
  const issues: ValidationIssue[] = [];
  fields.forEach((field, index) => {
    if (!isGuestColumn(field) && !known.has(field))
      issues.push({ field: `displayedFields.${index}`, code: "unknown_field" });
  });
  if (issues.length) throw AppError.invalid(issues);
  return [...new Set(fields)];
}

/** 409 max_checkins_reached when the event already holds its maximum of offline sessions (the event locked). */
async function checkOfflineRoom(trx: Knex, event: Event, exceptId: string | null): Promise<void> {
  const max = event.maxOfflineCheckinSessions ?? DEFAULT_MAX_OFFLINE_CHECKINS;
  const query = trx("checkins").where({ eventId: event.id, type: "offline" });
  if (exceptId) query.whereNot("id", exceptId);
  const { n } = (await query.count({ n: "*" }).first()) as { n: number | string };
  if (Number(n) >= max) throw new AppError("max_checkins_reached", 409, { details: { max } });
}

export async function createCheckin(scope: Scope, key: EventKey, body: CheckinCreate): Promise<CheckinView> {
  return scope.db.transaction(async (trx) => {
    const { event, ties } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    if (event.isArchived) throw new AppError("checkin_not_created", 409, { details: { reason: "event_archived" } });
    const conditions = await checkedRule(trx, event.id, body.conditions);
    const displayedFields = await checkedFields(trx, event.id, body.displayedFields ?? DEFAULT_DISPLAYED_FIELDS);
    if (body.type === "offline") await checkOfflineRoom(trx, event, null);
    const checkin = await Checkin.query(trx).insertAndFetch({
      accountId: event.accountId,
      eventId: event.id,
      name: body.name.trim(),
      type: body.type,
      status: body.status ?? "enabled",
      conditions,
      displayedFields,
      multipleEntries: body.options?.multipleEntries ?? false,
      reentryAfterExit: body.options?.reentryAfterExit ?? false,
      exitScans: body.options?.exitScans ?? false,
      createdBy: scope.actor?.kind === "user" ? scope.actor.id : null,
    });
    await recordCheckinAudit(trx, scope, event, checkin, "checkin.created", { after: checkinSnapshot(checkin) });
    return viewOf(trx, checkin, event, ties);
  });
}

export async function updateCheckin(
  scope: Scope,
  key: EventKey,
  checkinId: string,
  body: CheckinUpdate,
): Promise<CheckinView> {
  return scope.db.transaction(async (trx) => {
    const { event, ties } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const checkin = await findCheckin(trx, event.id, checkinId);
    const patch: Partial<Checkin> = {};
    if (body.name !== undefined) patch.name = body.name.trim();
    if (body.status !== undefined) patch.status = body.status;
    if (body.conditions !== undefined) patch.conditions = await checkedRule(trx, event.id, body.conditions);
    if (body.displayedFields !== undefined)
      patch.displayedFields = await checkedFields(trx, event.id, body.displayedFields);
    if (body.options?.multipleEntries !== undefined) patch.multipleEntries = body.options.multipleEntries;
    if (body.options?.reentryAfterExit !== undefined) patch.reentryAfterExit = body.options.reentryAfterExit;
    if (body.options?.exitScans !== undefined) patch.exitScans = body.options.exitScans;
    if (body.type !== undefined && body.type !== checkin.type) {
      if (body.type === "offline") await checkOfflineRoom(trx, event, checkin.id);
      patch.type = body.type;
    }
    // A null rule is stored as SQL null, not as JSON null.
    const updated = await Checkin.query(trx).patchAndFetchById(checkin.id, {
      ...patch,
      ...("conditions" in patch ? { conditions: patch.conditions ?? (null as never) } : {}),
    });
    const changes = changedFields(checkinSnapshot(checkin), checkinSnapshot(updated));
    if (changes) await recordCheckinAudit(trx, scope, event, updated, "checkin.updated", changes);
    return viewOf(trx, updated, event, ties);
  });
}

export async function deleteCheckin(scope: Scope, key: EventKey, checkinId: string): Promise<void> {
  await scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key);
    const checkin = await findCheckin(trx, event.id, checkinId);
    // Scans first: they point at the session's desk tokens, which go with the session.
    await trx("checkinScans").where({ checkinId: checkin.id }).delete();
    await Checkin.query(trx).deleteById(checkin.id);
    await recordCheckinAudit(trx, scope, event, checkin, "checkin.deleted", { before: checkinSnapshot(checkin) });
  });
}
