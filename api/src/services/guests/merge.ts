import { GUEST_IDENTITY_FIELDS, MERGE_STATUS_ORDER, type AnswerValue, type GuestStatus } from "@tessera/shared";
import { lockForUpdate } from "../../db/dialect.ts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { AuditLog } from "../../models/AuditLog.ts";
import { CustomField } from "../../models/CustomField.ts";
import type { Event } from "../../models/Event.ts";
import { Guest } from "../../models/Guest.ts";
import { Recommendation } from "../../models/Recommendation.ts";
import { actorUserId } from "../../policies/actor.ts";
import { recordAudit } from "../audit/record.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import type { Scope } from "../scope.ts";
import { orderedPair, storeIgnoredPair } from "./duplicates.ts";
import { guestAuditMetadata } from "./auditNames.ts";
import { withGuestExtras, type GuestWithExtras } from "./extras.ts";
import { runGuestMergeSteps } from "./mergeSteps.ts";
import { derivedGuestColumns } from "./prepare.ts";
import { guestSnapshot } from "./write.ts";

/** The more advanced status of the two (shared's MERGE_STATUS_ORDER). */
export function moreAdvancedStatus(a: GuestStatus, b: GuestStatus): GuestStatus {
  return MERGE_STATUS_ORDER.indexOf(b) < MERGE_STATUS_ORDER.indexOf(a) ? b : a;
}

/** A stored answer; null is tolerated too (the answers are a JSON column). */
type StoredAnswer = AnswerValue | null;

function isEmpty(value: StoredAnswer | undefined): boolean {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

/** The kept guest's non-empty answers win, the merged guest fills the gaps, multiple choices are united. */
export function mergeGuestAnswers(
  kept: Record<string, StoredAnswer>,
  merged: Record<string, StoredAnswer>,
  multipleChoiceIds: ReadonlySet<string>,
): Record<string, StoredAnswer> {
  const result: Record<string, StoredAnswer> = { ...kept };
  for (const [fieldId, value] of Object.entries(merged)) {
    const current = result[fieldId];
    if (multipleChoiceIds.has(fieldId) && Array.isArray(current) && Array.isArray(value)) {
      result[fieldId] = [...new Set([...current, ...value])];
    } else if (isEmpty(current) && !isEmpty(value)) {
      result[fieldId] = value;
    }
  }
  return result;
}

function earliest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a <= b ? a : b;
}

/** The kept guest's row once the merged one is folded in (identity fields filled where empty). */
function mergedRow(keep: Guest, merge: Guest, answers: Record<string, StoredAnswer>): Partial<Guest> {
  const row: Partial<Guest> = { answers: answers as Guest["answers"] };
  for (const field of GUEST_IDENTITY_FIELDS) {
    const value = keep[field] ?? merge[field];
    (row as Record<string, unknown>)[field] = value;
  }
  row.status = moreAdvancedStatus(keep.status, merge.status);
  row.companionsExpected = Math.max(keep.companionsExpected, merge.companionsExpected);
  // A companion link between the two disappears with the merged guest.
  const godfatherId = keep.godfatherId ?? merge.godfatherId;
  row.godfatherId = godfatherId === merge.id || godfatherId === keep.id ? null : godfatherId;
  row.registeredAt = earliest(keep.registeredAt, merge.registeredAt);
  // An unsubscription of either address stays: consent is never widened by a merge.
  row.unsubscribedAt = earliest(keep.unsubscribedAt, merge.unsubscribedAt);
  if (keep.mailStatus === "none" && merge.mailStatus !== "none") {
    row.mailStatus = merge.mailStatus;
    row.mailStatusAt = merge.mailStatusAt;
  }
  return { ...row, ...derivedGuestColumns({ ...keep, ...row }) };
}

async function lockedGuest(trx: Knex.Transaction, event: Event, id: string, field: string): Promise<Guest> {
  const guest = await lockForUpdate(trx, Guest.query(trx).findById(id).where({ eventId: event.id }));
  if (!guest) throw AppError.invalid([{ field, code: "guest_not_in_event" }]);
  return guest;
}

/**
 * Folds guest `mergeId` into guest `keepId` (both of the event; editors and up) in one transaction:
 * answers, identity, companions, recommendations, status, history (the merged guest's audit entries are
 * re-pointed, ids unchanged), whatever later areas registered as merge steps; then deletes the merged
 * guest and records `guest.merged` with both snapshots. 422 for the same guest twice or a guest of
 * another event. Returns the kept guest.
 */
export async function mergeGuests(
  scope: Scope,
  key: EventKey,
  keepIdRaw: string,
  mergeIdRaw: string,
): Promise<GuestWithExtras> {
  const { event, ties } = await findEventByKeyFor(scope.db, scope.actor, "update", key);
  const keepId = keepIdRaw.toLowerCase();
  const mergeId = mergeIdRaw.toLowerCase();
  if (keepId === mergeId) throw AppError.invalid([{ field: "mergeId", code: "duplicate_same_guest" }]);
  const now = scope.clock.now();
  const kept = await scope.db.transaction(async (trx) => {
    // Lock in id order so two merges touching the same guests cannot deadlock.
    const [firstId, secondId] = orderedPair(keepId, mergeId);
    const first = await lockedGuest(trx, event, firstId, firstId === keepId ? "keepId" : "mergeId");
    const second = await lockedGuest(trx, event, secondId, secondId === keepId ? "keepId" : "mergeId");
    const keep = first.id === keepId ? first : second;
    const merge = first.id === keepId ? second : first;

    const multipleChoiceIds = new Set(
      (await CustomField.query(trx).where({ eventId: event.id, type: "multiple_choice" }).select("id")).map(
        (f) => f.id,
      ),
    );
    const row = mergedRow(keep, merge, mergeGuestAnswers(keep.answers ?? {}, merge.answers ?? {}, multipleChoiceIds));

    // Companions of the merged guest now follow the kept one; the link between the two is dropped.
    await Guest.query(trx)
      .where({ godfatherId: merge.id })
      .whereNot({ id: keep.id })
      .patch({ godfatherId: keep.id, updatedAt: now });
    await Recommendation.query(trx).where({ recommenderGuestId: merge.id }).patch({ recommenderGuestId: keep.id });
    await Recommendation.query(trx).where({ guestId: merge.id }).patch({ guestId: keep.id });
    await moveIgnoredPairs(trx, event, keep.id, merge.id, now);
    const movedHistory = await AuditLog.query(trx)
      .where({ subjectType: "guest", subjectId: merge.id })
      .patch({ subjectId: keep.id });
    await runGuestMergeSteps(scope.deps.hooks, trx, {
      keepId: keep.id,
      mergeId: merge.id,
      eventId: event.id,
      accountId: event.accountId,
      now,
      actorUserId: actorUserId(scope.actor),
    });

    await Guest.query(trx).deleteById(merge.id);
    const kept = await Guest.query(trx).patchAndFetchById(keep.id, row);
    await recordAudit(trx, scope, {
      action: "guest.merged",
      subjectType: "guest",
      subjectId: keep.id,
      accountId: event.accountId,
      eventId: event.id,
      before: { kept: guestSnapshot(keep), merged: guestSnapshot(merge) },
      after: { ...guestSnapshot(kept), mergedGuestId: merge.id, movedHistoryEntries: movedHistory },
      metadata: await guestAuditMetadata(trx, kept, [keep.godfatherId, merge.godfatherId, kept.godfatherId]),
    });
    return kept;
  });
  return withGuestExtras(scope.db, kept, scope.actor, event, ties);
}

/**
 * Pairs set aside with the merged guest stay set aside with the kept one (the cascade drops the rest).
 * duplicate_ignores columns are queried snake_case: the case mappers would turn guestAId into guest_aid.
 */
async function moveIgnoredPairs(trx: Knex.Transaction, event: Event, keepId: string, mergeId: string, now: Date) {
  const rows: { guestAId: string; guestBId: string }[] = await trx("duplicateIgnores")
    .where({ guest_a_id: mergeId })
    .orWhere({ guest_b_id: mergeId });
  for (const row of rows) {
    const other = row.guestAId === mergeId ? row.guestBId : row.guestAId;
    if (other !== keepId) await storeIgnoredPair(trx, event, keepId, other, now);
  }
}
