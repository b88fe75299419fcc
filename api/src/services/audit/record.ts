import type { AccountAuditAction, AuditMetadata, EventAuditAction } from "@tessera/shared";
import type { Knex } from "knex";
import type { Scope } from "../scope.ts";
import { AuditLog } from "../../models/AuditLog.ts";

interface AuditEntryFields {
  subjectType: string;
  subjectId: string | null;
  accountId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The names of what the entry points at, for the history to read once they are renamed or gone. */
  metadata?: AuditMetadata | null;
  /** Who the entry is by when no request's actor is (a job doing what a user started: their import). */
  authorUserId?: string | null;
}

/**
 * One entry of the trail. Its action is one of shared's list (rules/auditActions.ts); an entry about an
 * event is an event action, which the event's history words as a sentence.
 */
export type AuditEntry = AuditEntryFields &
  ({ action: EventAuditAction; eventId: string } | { action: AccountAuditAction; eventId?: null });

/** Fields never written to the trail. */
const SECRET_FIELDS = new Set(["passwordHash", "tokenHash", "keyHash"]);

function scrub(values: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!values) return null;
  return Object.fromEntries(
    Object.entries(values)
      .filter(([key]) => !SECRET_FIELDS.has(key))
      .map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

const asJson = (value: unknown) => JSON.stringify(value ?? null);

/**
 * The fields of `after` that differ from `before`, as two small objects for the audit trail. Compared
 * as JSON (dates, arrays and objects by value); a missing value counts as null.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const keys = Object.keys(after).filter((key) => asJson(before[key]) !== asJson(after[key]));
  if (!keys.length) return null;
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

/** Records who did what, inside the caller's transaction so the trail and the change land together. */
export async function recordAudit(
  trx: Knex | Knex.Transaction,
  scope: Pick<Scope, "actor" | "clientAddress" | "requestId"> | null,
  entry: AuditEntry,
): Promise<void> {
  const actor = scope?.actor;
  await AuditLog.query(trx).insert({
    accountId: entry.accountId,
    eventId: entry.eventId ?? null,
    actorUserId: actor?.kind === "user" ? actor.id : (entry.authorUserId ?? null),
    actorApiKeyId: actor?.kind === "apiKey" ? actor.id : null,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    before: scrub(entry.before),
    after: scrub(entry.after),
    metadata: entry.metadata ?? null,
    ip: scope?.clientAddress ?? null,
    requestId: scope?.requestId ?? null,
  });
}
