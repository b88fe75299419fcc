import {
  guestIdentityProblem,
  GUEST_FIELDS,
  GUEST_TEXT_FIELDS,
  mergeAnswers,
  validateAnswers,
  type AnswerValue,
  type GuestCreate,
  type GuestUpdate,
  type ValidationIssue,
} from "@tessera/shared";
import { jsonMergePatch } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { CustomField } from "../../models/CustomField.ts";
import type { Event } from "../../models/Event.ts";
import { Guest } from "../../models/Guest.ts";
import { changedFields, recordAudit } from "../audit/record.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import type { Scope } from "../scope.ts";
import { guestAuditMetadata } from "./auditNames.ts";
import { withGuestExtras, type GuestWithExtras } from "./extras.ts";
import { checkFileAnswerPatch, removeStoredGuestFiles } from "./files.ts";
import { cleanText, derivedGuestColumns } from "./prepare.ts";
import { chunksOf, selectedGuestIds, type GuestSelectionInput } from "./selection.ts";
import { promoteWaitingAfter } from "../forms/waitingList.ts";
import { queueStatusMail } from "../autoMails/registrationMails.ts";

const MAX_GODFATHER_CHAIN = 1_000;

/** What the audit trail keeps of a guest: its built-in fields (updatedAt aside), its links and answers. */
const SNAPSHOT_FIELDS = [
  "id",
  ...GUEST_FIELDS.filter((field) => field !== "updatedAt"),
  "unsubscribedAt",
  "godfatherId",
  "answers",
] as const satisfies readonly (keyof Guest)[];

/** What the audit trail keeps of a guest (created, updated, deleted, merged). */
export function guestSnapshot(guest: Partial<Guest>): Record<string, unknown> {
  return Object.fromEntries(SNAPSHOT_FIELDS.map((field) => [field, guest[field]]));
}

export interface CheckedAnswers {
  answers: Record<string, AnswerValue | null>;
  /** The ids among them of `file` fields (whose answers only an upload sets). */
  fileFieldIds: string[];
}

/** The event's custom fields checked against `answers` (organizers may leave required ones empty). */
export async function checkAnswers(
  db: Knex,
  eventId: string,
  answers: Record<string, unknown>,
): Promise<CheckedAnswers> {
  const ids = Object.keys(answers);
  if (!ids.length) return { answers: {}, fileFieldIds: [] };
  const fields = await CustomField.query(db).where({ eventId }).whereIn("id", ids);
  const known = new Set(fields.map((field) => field.id));
  const unknown: ValidationIssue[] = ids
    .filter((id) => !known.has(id))
    .map((id) => ({ field: `answers.${id}`, code: "unknown_field" }));
  if (unknown.length) throw AppError.invalid(unknown);
  const result = validateAnswers(fields, answers, { partial: true });
  if (!result.ok) throw AppError.invalid(result.issues);
  const fileFieldIds = fields.filter((field) => field.type === "file").map((field) => field.id);
  return { answers: result.value, fileFieldIds };
}

/**
 * Companion rules: the godfather is a guest of the same event, not the guest itself, and the link
 * makes no cycle; the companions expected stay within the event's maximum when it has one.
 */
async function checkCompanions(
  trx: Knex.Transaction,
  event: Event,
  guestId: string | null,
  values: { godfatherId?: string | null; companionsExpected?: number },
): Promise<void> {
  const issues: ValidationIssue[] = [];
  const max = event.maxCompanions;
  if (values.companionsExpected !== undefined && max !== null && values.companionsExpected > max) {
    issues.push({ field: "companionsExpected", code: "number_too_big", params: { max } });
  }
  if (values.godfatherId) {
    if (values.godfatherId === guestId) issues.push({ field: "godfatherId", code: "invalid_value" });
    else {
      let cursor: string | null = values.godfatherId;
      const exists = await trx("guests").where({ id: cursor, eventId: event.id }).first("id");
      if (!exists) issues.push({ field: "godfatherId", code: "invalid_value" });
      else if (max !== null) {
        // The godfather's companions stay within the event's maximum (this guest aside when it is one already).
        const others = trx("guests").where({ eventId: event.id, godfatherId: values.godfatherId });
        if (guestId) others.whereNot({ id: guestId });
        const counted = (await others.count({ n: "*" }).first()) as { n: number | string } | undefined;
        if (Number(counted?.n ?? 0) >= max)
          issues.push({ field: "godfatherId", code: "companions_too_many", params: { max } });
      }
      // Walk up the godfather chain: meeting the guest again would make a cycle.
      for (let step = 0; exists && guestId && cursor && step < MAX_GODFATHER_CHAIN; step++) {
        if (cursor === guestId) {
          issues.push({ field: "godfatherId", code: "invalid_value" });
          break;
        }
        const row: { godfatherId: string | null } | undefined = await trx("guests")
          .where({ id: cursor })
          .first("godfatherId");
        cursor = row?.godfatherId ?? null;
      }
    }
  }
  if (issues.length) throw AppError.invalid(issues);
}

/** The new guest as stored (defaults included), read back by the INSERT itself: one statement, not two. */
async function insertGuest(trx: Knex.Transaction, row: Partial<Guest>): Promise<Guest> {
  return (await Guest.query(trx).insert(row).returning("*")) as unknown as Guest;
}

function identityValues(body: GuestUpdate): Partial<Guest> {
  const values: Partial<Guest> = {};
  for (const key of GUEST_TEXT_FIELDS) {
    if (body[key] !== undefined) values[key] = cleanText(body[key]);
  }
  if (body.civility !== undefined) values.civility = body.civility;
  if (body.status !== undefined) values.status = body.status;
  if (body.companionsExpected !== undefined) values.companionsExpected = body.companionsExpected;
  if (body.godfatherId !== undefined) values.godfatherId = body.godfatherId;
  if (body.registeredAt !== undefined) values.registeredAt = body.registeredAt ? new Date(body.registeredAt) : null;
  return values;
}

/** 422 on email when the guest would have neither an email address nor a name. */
function requireIdentity(guest: Partial<Guest>): void {
  const problem = guestIdentityProblem(guest);
  if (problem) throw AppError.invalid([{ field: "email", code: problem }]);
}

/** Adds a guest to the event (editors and up). */
export async function createGuest(scope: Scope, key: EventKey, body: GuestCreate): Promise<GuestWithExtras> {
  const { actor } = scope;
  const { guest, event, ties } = await scope.db.transaction(async (trx) => {
    const { event, ties } = await findEventByKeyFor(trx, actor, "update", key);
    const values = identityValues(body);
    requireIdentity(values);
    await checkCompanions(trx, event, null, values);
    const { answers, fileFieldIds } = await checkAnswers(trx, event.id, body.answers ?? {});
    await checkFileAnswerPatch(trx, fileFieldIds, null, {}, answers);
    const row = {
      accountId: event.accountId,
      eventId: event.id,
      status: "unanswered" as const,
      ...values,
      answers: mergeAnswers({}, answers) as Guest["answers"],
      createdSource: actor?.kind === "apiKey" ? ("api" as const) : ("manual" as const),
      ...derivedGuestColumns({ ...values }),
    };
    const guest = await insertGuest(trx, row);
    await recordAudit(trx, scope, {
      action: "guest.created",
      subjectType: "guest",
      subjectId: guest.id,
      accountId: event.accountId,
      eventId: event.id,
      after: guestSnapshot(guest),
      metadata: await guestAuditMetadata(trx, guest, [guest.godfatherId]),
    });
    return { guest, event, ties };
  });
  return withGuestExtras(scope.db, guest, actor, event, ties, { created: true });
}

/** The guest of the event (404 otherwise), read with the actor's right on the event. */
export async function findGuest(db: Knex, eventId: string, guestId: string): Promise<Guest> {
  const guest = await Guest.query(db).findById(guestId).where({ eventId });
  if (!guest) throw AppError.notFound();
  return guest;
}

/** One guest of an event the actor sees. */
export async function getGuest(scope: Scope, key: EventKey, guestId: string): Promise<GuestWithExtras> {
  const { event, ties } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return withGuestExtras(scope.db, await findGuest(scope.db, event.id, guestId), scope.actor, event, ties);
}

/** Partial update of a guest (editors and up): answers merged, null removes one. */
export async function updateGuest(
  scope: Scope,
  key: EventKey,
  guestId: string,
  body: GuestUpdate,
): Promise<GuestWithExtras> {
  let removedFiles: string[] = [];
  const { guest, event, ties, changed, before } = await scope.db.transaction(async (trx) => {
    const { event, ties } = await findEventByKeyFor(trx, scope.actor, "update", key);
    const current = await findGuest(trx, event.id, guestId);
    const values = identityValues(body);
    requireIdentity({ ...current, ...values });
    await checkCompanions(trx, event, guestId, values);
    if (body.answers) {
      const { answers, fileFieldIds } = await checkAnswers(trx, event.id, body.answers);
      removedFiles = await checkFileAnswerPatch(trx, fileFieldIds, guestId, current.answers, answers);
      values.answers = mergeAnswers(current.answers, answers) as Guest["answers"];
    }
    // Spec: an unsubscribed guest's email can be unlocked.
    if (body.unlockEmail) {
      values.unsubscribedAt = null;
      if (current.mailStatus === "unsubscribed") values.mailStatus = "none";
    }
    Object.assign(values, derivedGuestColumns({ ...current, ...values }));
    const changes = changedFields(guestSnapshot(current), guestSnapshot({ ...current, ...values }));
    if (!changes) return { guest: current, event, ties, changed: false, before: current.status };
    const updated = await Guest.query(trx).patchAndFetchById(guestId, values);
    await recordAudit(trx, scope, {
      action: "guest.updated",
      subjectType: "guest",
      subjectId: guestId,
      accountId: event.accountId,
      eventId: event.id,
      ...changes,
      metadata: await guestAuditMetadata(trx, updated, [changes.before.godfatherId, changes.after.godfatherId]),
    });
    return { guest: updated, event, ties, changed: true, before: current.status };
  });
  // Approved, rejected or cancelled by the organizer: the guest's automatic mail, once committed.
  if (changed) await queueStatusMail(scope.deps, guest, before, guest.status);
  // A cleared file answer's bytes go once its row is gone for good.
  await removeStoredGuestFiles(scope, removedFiles);
  // A status or an answer changed may free a place that guests wait for.
  if (changed && (body.status !== undefined || body.answers)) await promoteWaitingAfter(scope, event);
  return withGuestExtras(scope.db, guest, scope.actor, event, ties);
}

/**
 * Sets the same answers on the selected guests of the event (listed ids, or all matching a list query)
 * in chunked statements of one transaction; returns the ids updated.
 */
export async function setGuestsAnswers(
  scope: Scope,
  key: EventKey,
  body: GuestSelectionInput & { answers: Record<string, unknown> },
): Promise<string[]> {
  let changedEvent: Event | null = null;
  const updated = await scope.db
    .transaction(async (trx) => {
      const { event } = await findEventByKeyFor(trx, scope.actor, "update", key);
      const eventId = event.id;
      const { answers, fileFieldIds } = await checkAnswers(trx, eventId, body.answers);
      // A file answer belongs to one guest (its upload): bulk answers may not set or clear one.
      const files = fileFieldIds.filter((id) => id in answers);
      if (files.length) throw AppError.invalid(files.map((id) => ({ field: `answers.${id}`, code: "invalid_value" })));
      const ids = await selectedGuestIds(trx, scope.actor, eventId, body);
      if (!ids.length || !Object.keys(answers).length) return ids;
      const updatedAt = scope.clock.now().toISOString();
      for (const chunk of chunksOf(ids)) {
        await trx("guests")
          .where({ eventId })
          .whereIn("id", chunk)
          .update({ answers: jsonMergePatch(trx, "answers", answers), updatedAt });
      }
      await recordAudit(trx, scope, {
        action: "guest.updated",
        subjectType: "guest",
        subjectId: null,
        accountId: event.accountId,
        eventId,
        after: { ids, answers },
      });
      changedEvent = event;
      return ids;
    })
    .catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      scope.logger.error({ err: error, key }, "bulk answers update failed");
      throw new AppError("guests_not_updated", 500);
    });
  // Answers changed may free places that guests wait for.
  if (changedEvent) await promoteWaitingAfter(scope, changedEvent);
  return updated;
}
