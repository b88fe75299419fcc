import { randomUUID } from "node:crypto";
import {
  chosenOptionIds,
  normalizeFieldRules,
  validateFieldDefinition,
  type CustomFieldCreate,
  type CustomFieldOption,
  type CustomFieldUpdate,
  type ValidationIssue,
} from "@tessera/shared";
import { distinctJsonValues, isUniqueViolation, lowerEquals, removeJsonKey } from "../../db/dialect.ts";
import type { Db, Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { CustomField } from "../../models/CustomField.ts";
import type { Event } from "../../models/Event.ts";
import type { EventTies } from "../../policies/events.ts";
import { recordAudit } from "../audit/record.ts";
import type { EventCopier } from "../events/copiers.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import type { Scope } from "../scope.ts";
import { removeStoredGuestFiles, storageKeysOfField } from "./files.ts";

type Executor = Db | Knex.Transaction;

/** A field of the event, or 404 (a field of another event is as missing as an unknown one). */
export async function findCustomField(db: Executor, eventId: string, fieldId: string): Promise<CustomField> {
  const field = await CustomField.query(db).findById(fieldId).where({ eventId });
  if (!field) throw AppError.notFound();
  return field;
}

/** The event's fields in their order (what answers are validated against). */
export async function listCustomFields(db: Executor, eventId: string): Promise<CustomField[]> {
  return CustomField.query(db)
    .where({ eventId })
    .orderBy([{ column: "position" }, { column: "id" }]);
}

/** What the audit trail keeps of a field. */
function fieldSnapshot(field: CustomField): Record<string, unknown> {
  return {
    id: field.id,
    name: field.name,
    label: field.label,
    helpText: field.helpText,
    type: field.type,
    isRequired: field.isRequired,
    isReadOnly: field.isReadOnly,
    options: field.options,
    rules: field.rules,
    position: field.position,
  };
}

function nameTaken(): AppError {
  return new AppError("custom_field_name_taken", 409);
}

async function ensureNameFree(db: Executor, eventId: string, name: string, exceptId?: string): Promise<void> {
  const query = CustomField.query(db)
    .where({ eventId })
    .where(lowerEquals(db as Knex, "name", name));
  if (exceptId) query.whereNot({ id: exceptId });
  if (await query.first()) throw nameTaken();
}

type OptionInput = { id?: string; label: string; quota?: number | null };

/**
 * Options as stored: titles trimmed, quotas null when unset, ids kept; an option sent without an id
 * keeps the id of the current option with the same title (case-insensitive), else gets a new one.
 */
function storedOptions(input: readonly OptionInput[], current: readonly CustomFieldOption[]): CustomFieldOption[] {
  const taken = new Set(input.map((option) => option.id).filter(Boolean));
  return input.map((option) => {
    const label = option.label.trim();
    let id = option.id;
    if (!id) {
      const same = current.find((o) => o.label.trim().toLowerCase() === label.toLowerCase() && !taken.has(o.id));
      id = same?.id ?? randomUUID();
      taken.add(id);
    }
    return { id, label, quota: option.quota ?? null };
  });
}

function throwIfInvalid(issues: ValidationIssue[]): void {
  if (issues.length) throw AppError.invalid(issues);
}

/**
 * Spec §5: "An answer already chosen by guests cannot be edited": an option some guest chose must
 * stay, with the same id and title (its quota may change).
 */
async function ensureChosenOptionsKept(
  trx: Knex.Transaction,
  field: CustomField,
  next: readonly CustomFieldOption[],
): Promise<void> {
  const values = await distinctJsonValues(trx, "guests", "answers", field.id, { eventId: field.eventId });
  const chosen = new Set(values.flatMap(chosenOptionIds));
  const issues: ValidationIssue[] = [];
  for (const option of field.options) {
    if (!chosen.has(option.id)) continue;
    const index = next.findIndex((candidate) => candidate.id === option.id);
    if (index === -1) {
      issues.push({ field: "options", code: "option_already_chosen", params: { id: option.id, label: option.label } });
    } else if (next[index]!.label !== option.label) {
      issues.push({ field: `options.${index}.label`, code: "option_already_chosen", params: { id: option.id } });
    }
  }
  throwIfInvalid(issues);
}

async function insertField(trx: Knex.Transaction, values: Partial<CustomField>): Promise<CustomField> {
  try {
    return await CustomField.query(trx).insertAndFetch(values);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export interface CustomFieldView {
  field: CustomField;
  ties: EventTies;
  event: Event;
}

export async function createCustomField(
  scope: Scope,
  key: EventKey,
  body: CustomFieldCreate,
): Promise<CustomFieldView> {
  return scope.db.transaction(async (trx) => {
    const { event, ties } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const options = body.options ?? [];
    throwIfInvalid(validateFieldDefinition({ ...body, options }));
    const name = body.name.trim();
    await ensureNameFree(trx, event.id, name);
    const last = (await trx("customFields").where({ eventId: event.id }).max({ max: "position" }).first()) as
      { max: number | null } | undefined;
    const field = await insertField(trx, {
      accountId: event.accountId,
      eventId: event.id,
      name,
      label: body.label.trim(),
      helpText: body.helpText?.trim() || null,
      type: body.type,
      isRequired: body.isRequired ?? false,
      isReadOnly: body.isReadOnly ?? false,
      options: storedOptions(options, []),
      rules: normalizeFieldRules(body.type, body.rules),
      position: last?.max == null ? 0 : Number(last.max) + 1,
    });
    await recordAudit(trx, scope, {
      action: "custom_field.created",
      subjectType: "custom_field",
      subjectId: field.id,
      accountId: event.accountId,
      eventId: event.id,
      after: fieldSnapshot(field),
    });
    return { field, ties, event };
  });
}

export async function getCustomField(scope: Scope, key: EventKey, fieldId: string): Promise<CustomFieldView> {
  const { event, ties } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return { field: await findCustomField(scope.db, event.id, fieldId), ties, event };
}

export async function listEventCustomFields(
  scope: Scope,
  key: EventKey,
): Promise<{ fields: CustomField[]; ties: EventTies; event: Event }> {
  const { event, ties } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return { fields: await listCustomFields(scope.db, event.id), ties, event };
}

export async function updateCustomField(
  scope: Scope,
  key: EventKey,
  fieldId: string,
  body: CustomFieldUpdate,
): Promise<CustomFieldView> {
  return scope.db.transaction(async (trx) => {
    const { event, ties } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const field = await findCustomField(trx, event.id, fieldId);
    const next = {
      name: body.name?.trim() ?? field.name,
      label: body.label?.trim() ?? field.label,
      helpText: body.helpText === undefined ? field.helpText : body.helpText?.trim() || null,
      type: field.type,
      isRequired: body.isRequired ?? field.isRequired,
      isReadOnly: body.isReadOnly ?? field.isReadOnly,
      options: body.options ?? field.options,
      rules: body.rules === undefined ? field.rules : body.rules,
    };
    throwIfInvalid(validateFieldDefinition(next));
    const options = body.options ? storedOptions(body.options, field.options) : field.options;
    if (body.options) await ensureChosenOptionsKept(trx, field, options);
    if (next.name.toLowerCase() !== field.name.toLowerCase()) await ensureNameFree(trx, event.id, next.name, field.id);
    let updated: CustomField;
    try {
      updated = await field.$query(trx).patchAndFetch({
        ...next,
        options,
        rules: normalizeFieldRules(field.type, next.rules),
        updatedAt: scope.clock.now(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
    await recordAudit(trx, scope, {
      action: "custom_field.updated",
      subjectType: "custom_field",
      subjectId: field.id,
      accountId: event.accountId,
      eventId: event.id,
      before: fieldSnapshot(field),
      after: fieldSnapshot(updated),
    });
    return { field: updated, ties, event };
  });
}

/** Deletes a field and, in the same transaction, its answers on every guest of the event. */
export async function deleteCustomField(scope: Scope, key: EventKey, fieldId: string): Promise<void> {
  // A file field's uploaded answers: rows cascade with the field, the bytes are removed once committed.
  const files = await scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const field = await findCustomField(trx, event.id, fieldId);
    const keys = field.type === "file" ? await storageKeysOfField(trx, field.id) : [];
    await removeJsonKey(trx, "guests", "answers", field.id, { eventId: event.id });
    await CustomField.query(trx).deleteById(field.id);
    // Keep positions 0..n-1.
    await trx("customFields")
      .where({ eventId: event.id })
      .where("position", ">", field.position)
      .decrement("position", 1);
    await recordAudit(trx, scope, {
      action: "custom_field.deleted",
      subjectType: "custom_field",
      subjectId: field.id,
      accountId: event.accountId,
      eventId: event.id,
      before: fieldSnapshot(field),
    });
    return keys;
  });
  await removeStoredGuestFiles(scope, files);
}

/** `ids` must list every field of the event exactly once: they take positions 0..n-1 in that order. */
export async function reorderCustomFields(
  scope: Scope,
  key: EventKey,
  ids: readonly string[],
): Promise<{ fields: CustomField[]; ties: EventTies; event: Event }> {
  return scope.db.transaction(async (trx) => {
    const { event, ties } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const current = await listCustomFields(trx, event.id);
    const known = new Set(current.map((field) => field.id));
    if (ids.length !== current.length || !ids.every((id) => known.has(id))) {
      throw AppError.invalid([{ field: "ids", code: "invalid_value" }]);
    }
    const now = scope.clock.now();
    for (const [position, id] of ids.entries()) {
      const field = current.find((candidate) => candidate.id === id)!;
      if (field.position !== position) await field.$query(trx).patch({ position, updatedAt: now });
    }
    await recordAudit(trx, scope, {
      action: "custom_field.reordered",
      subjectType: "event",
      subjectId: event.id,
      accountId: event.accountId,
      eventId: event.id,
      before: { ids: current.map((field) => field.id) },
      after: { ids: [...ids] },
      metadata: { names: Object.fromEntries(current.map((field) => [field.id, field.label])) },
    });
    return { fields: await listCustomFields(trx, event.id), ties, event };
  });
}

/** Duplicating an event copies its fields: new ids, same positions, options and rules. */
export const copyCustomFields: EventCopier = async (trx, { from, to }) => {
  const fields = await listCustomFields(trx, from.id);
  for (const field of fields) {
    await CustomField.query(trx).insert({
      accountId: to.accountId,
      eventId: to.id,
      name: field.name,
      label: field.label,
      helpText: field.helpText,
      type: field.type,
      isRequired: field.isRequired,
      isReadOnly: field.isReadOnly,
      options: field.options,
      rules: field.rules,
      position: field.position,
    });
  }
};
