import {
  checkEbadgeBlocks,
  ebadgeCustomFieldIds,
  ebadgePageSize,
  type EbadgeBlock,
  type EbadgeConditionsUpdate,
  type EbadgeCreate,
  type EbadgeUpdate,
  type Rule,
  type ValidationIssue,
} from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Ebadge } from "../../models/Ebadge.ts";
import { Event } from "../../models/Event.ts";
import { Image } from "../../models/Image.ts";
import type { EventTies } from "../../policies/events.ts";
import { authorizeInExistingAccount } from "../accounts/authorize.ts";
import { changedFields, recordAudit } from "../audit/record.ts";
import { checkedRule } from "../conditions.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { loadEventTies, scopeToVisibleEvents } from "../events/visibility.ts";
import type { Scope } from "../scope.ts";
import { checkOneBadgePerGuest } from "./oneBadge.ts";

/*
 * An event's e-badge templates (spec §3, §7 ebadges). Anyone who sees the event reads them; editors and up
 * (events.update) create, change and delete them. Every save keeps the blocks' rules (shared/src/rules/ebadges.ts),
 * the conditions' (the condition engine) and one badge per guest (oneBadge.ts), and records who did what in the
 * event's history in the same transaction.
 */

export interface EbadgeView {
  ebadge: Ebadge;
  event: Event;
  ties: EventTies;
}

/** The templates of an event, in the order a guest's badge is chosen (oldest first). */
export async function eventTemplates(db: Knex, eventId: string): Promise<Ebadge[]> {
  return Ebadge.query(db).where({ eventId }).orderBy("createdAt").orderBy("id");
}

export async function findTemplate(db: Knex, eventId: string, id: string): Promise<Ebadge> {
  const ebadge = await Ebadge.query(db).findOne({ id, eventId });
  if (!ebadge) throw AppError.notFound();
  return ebadge;
}

/** What the trail keeps of a template: its settings, the blocks counted. */
function ebadgeSnapshot(ebadge: Ebadge): Record<string, unknown> {
  return {
    id: ebadge.id,
    name: ebadge.name,
    format: ebadge.format,
    orientation: ebadge.orientation,
    isEnabled: ebadge.isEnabled,
    blocks: ebadge.blocks.length,
    backgroundName: ebadge.backgroundName,
  };
}

async function audit(
  trx: Knex,
  scope: Scope,
  event: Event,
  ebadge: Ebadge,
  action: "ebadge.created" | "ebadge.updated" | "ebadge.deleted" | "ebadge.background_set",
  values: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
): Promise<void> {
  await recordAudit(trx, scope, {
    action,
    accountId: event.accountId,
    eventId: event.id,
    subjectType: "ebadge",
    subjectId: ebadge.id,
    ...values,
    metadata: { subject: ebadge.name },
  });
}

/**
 * Refuses blocks that break the rules: their own, custom fields of another event, a logo that is no JPEG or PNG of
 * the account. `at` is where the blocks sit in the body ("draft." in a preview's), before their `blocks.N` paths.
 */
export async function checkBlocks(
  trx: Knex,
  event: Event,
  blocks: readonly EbadgeBlock[],
  page: { width: number; height: number },
  at = "",
) {
  const issues: ValidationIssue[] = checkEbadgeBlocks(blocks, page);
  const fieldIds = ebadgeCustomFieldIds(blocks);
  if (fieldIds.length) {
    const known = new Set(
      (await trx("customFields")
        .where({ eventId: event.id })
        .whereIn(
          "id",
          fieldIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id)),
        )
        .pluck("id")) as string[],
    );
    blocks.forEach((block, index) => {
      if (block.type === "guestField" && block.field?.startsWith("cf:") && !known.has(block.field.slice(3)))
        issues.push({ field: `blocks.${index}.field`, code: "field_not_in_event" });
    });
  }
  const imageIds = [
    ...new Set(blocks.flatMap((block) => (block.type === "logo" && block.imageId ? [block.imageId] : []))),
  ];
  if (imageIds.length) {
    const usable = new Set(
      (
        await Image.query(trx)
          .where({ accountId: event.accountId })
          .whereIn("id", imageIds)
          .whereIn("mimeType", ["image/jpeg", "image/png"])
          .select("id")
      ).map((image) => image.id),
    );
    blocks.forEach((block, index) => {
      if (block.type === "logo" && block.imageId && !usable.has(block.imageId))
        issues.push({ field: `blocks.${index}.imageId`, code: "ebadge_logo_type" });
    });
  }
  if (issues.length) throw AppError.invalid(issues.map((issue) => ({ ...issue, field: at + issue.field })));
}

export async function listTemplates(scope: Scope, key: EventKey): Promise<EbadgeView[]> {
  const { event, ties } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return (await eventTemplates(scope.db, event.id)).map((ebadge) => ({ ebadge, event, ties }));
}

/** The spec's GET accounts/{a}/ebadges: the templates of the events of the account the actor sees (or of one). */
export async function listAccountTemplates(
  scope: Scope,
  accountId: string,
  eventId: string | undefined,
): Promise<EbadgeView[]> {
  await authorizeInExistingAccount(scope, "events.read", accountId);
  const db = scope.db;
  const query = scopeToVisibleEvents(db, Event.query(db), scope.actor, accountId);
  if (eventId) query.where("events.id", eventId);
  const events = await query;
  if (eventId && !events.length) throw AppError.notFound();
  if (!events.length) return [];
  const ties = await loadEventTies(db, scope.actor, events);
  const byId = new Map(events.map((event) => [event.id, event]));
  const templates = await Ebadge.query(db)
    .whereIn("eventId", [...byId.keys()])
    .orderBy("eventId")
    .orderBy("createdAt")
    .orderBy("id");
  return templates.map((ebadge) => ({
    ebadge,
    event: byId.get(ebadge.eventId)!,
    ties: ties.get(ebadge.eventId)!,
  }));
}

export async function getTemplate(scope: Scope, key: EventKey, id: string): Promise<EbadgeView> {
  const { event, ties } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return { ebadge: await findTemplate(scope.db, event.id, id), event, ties };
}

export async function createTemplate(scope: Scope, key: EventKey, body: EbadgeCreate): Promise<EbadgeView> {
  return scope.db.transaction(async (trx) => {
    const { event, ties } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const format = body.format ?? "a4";
    const orientation = body.orientation ?? "portrait";
    const blocks = (body.blocks ?? []) as EbadgeBlock[];
    await checkBlocks(trx, event, blocks, ebadgePageSize(format, orientation));
    const conditions = await checkedRule(trx, event.id, body.conditions);
    const ebadge = await Ebadge.query(trx).insertAndFetch({
      accountId: event.accountId,
      eventId: event.id,
      name: body.name.trim(),
      format,
      orientation,
      isEnabled: body.isEnabled ?? true,
      blocks,
      conditions,
      createdBy: scope.actor?.kind === "user" ? scope.actor.id : null,
    });
    await checkOneBadgePerGuest(trx, event.id, await eventTemplates(trx, event.id));
    await audit(trx, scope, event, ebadge, "ebadge.created", { after: ebadgeSnapshot(ebadge) });
    return { ebadge, event, ties };
  });
}

export async function updateTemplate(scope: Scope, key: EventKey, id: string, body: EbadgeUpdate): Promise<EbadgeView> {
  const { view, removedKey } = await scope.db.transaction(async (trx) => {
    const { event, ties } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const ebadge = await findTemplate(trx, event.id, id);
    const format = body.format ?? ebadge.format;
    const orientation = body.orientation ?? ebadge.orientation;
    const blocks = (body.blocks as EbadgeBlock[] | undefined) ?? ebadge.blocks;
    if (body.blocks || body.format || body.orientation)
      await checkBlocks(trx, event, blocks, ebadgePageSize(format, orientation));
    const conditions =
      body.conditions === undefined ? ebadge.conditions : await checkedRule(trx, event.id, body.conditions);
    const patch: Partial<Ebadge> = {
      name: body.name?.trim() ?? ebadge.name,
      format,
      orientation,
      isEnabled: body.isEnabled ?? ebadge.isEnabled,
      blocks,
      conditions,
    };
    if (body.removeBackground)
      Object.assign(patch, {
        backgroundStorageKey: null,
        backgroundName: null,
        backgroundMimeType: null,
        backgroundSize: null,
        backgroundWidth: null,
        backgroundHeight: null,
      });
    const updated = await Ebadge.query(trx).patchAndFetchById(ebadge.id, patch);
    if (updated.isEnabled !== ebadge.isEnabled || body.conditions !== undefined)
      await checkOneBadgePerGuest(trx, event.id, await eventTemplates(trx, event.id));
    const changes = changedFields(
      { ...ebadgeSnapshot(ebadge), blocks: ebadge.blocks, conditions: ebadge.conditions },
      { ...ebadgeSnapshot(updated), blocks: updated.blocks, conditions: updated.conditions },
    );
    if (changes) {
      const counted = (values: Record<string, unknown>) =>
        Array.isArray(values.blocks) ? { ...values, blocks: values.blocks.length } : values;
      await audit(trx, scope, event, updated, "ebadge.updated", {
        before: counted(changes.before),
        after: counted(changes.after),
      });
    }
    return {
      view: { ebadge: updated, event, ties },
      removedKey: body.removeBackground ? ebadge.backgroundStorageKey : null,
    };
  });
  if (removedKey) await scope.deps.storage.delete(removedKey).catch(() => undefined);
  return view;
}

export async function deleteTemplate(scope: Scope, key: EventKey, id: string): Promise<void> {
  const removed = await scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const ebadge = await findTemplate(trx, event.id, id);
    await Ebadge.query(trx).deleteById(ebadge.id);
    await audit(trx, scope, event, ebadge, "ebadge.deleted", { before: ebadgeSnapshot(ebadge) });
    return ebadge;
  });
  if (removed.backgroundStorageKey)
    await scope.deps.storage.delete(removed.backgroundStorageKey).catch(() => undefined);
}

export interface EbadgeConditionsView {
  id: string;
  name: string;
  isEnabled: boolean;
  conditions: Rule | null;
}

const conditionsView = (ebadge: Ebadge): EbadgeConditionsView => ({
  id: ebadge.id,
  name: ebadge.name,
  isEnabled: ebadge.isEnabled,
  conditions: ebadge.conditions,
});

export async function templateConditions(scope: Scope, key: EventKey): Promise<EbadgeConditionsView[]> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return (await eventTemplates(scope.db, event.id)).map(conditionsView);
}

/**
 * The spec's POST ebadges/conditions: the rules of some of the event's templates, checked together (spec §5: at
 * least one template, and one badge per guest). One history entry for the change.
 */
export async function setTemplateConditions(
  scope: Scope,
  key: EventKey,
  body: EbadgeConditionsUpdate,
): Promise<EbadgeConditionsView[]> {
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const templates = await eventTemplates(trx, event.id);
    if (!templates.length) throw new AppError("ebadge_required", 409);
    const byId = new Map(templates.map((template) => [template.id, template]));
    const unknown = Object.keys(body.conditions).filter((id) => !byId.has(id));
    if (unknown.length)
      throw AppError.invalid(unknown.map((id) => ({ field: `conditions.${id}`, code: "ebadge_not_in_event" })));
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [id, raw] of Object.entries(body.conditions)) {
      const template = byId.get(id)!;
      const rule = await checkedRule(trx, event.id, raw, `conditions.${id}`);
      if (JSON.stringify(rule) === JSON.stringify(template.conditions)) continue;
      before[id] = template.conditions;
      after[id] = rule;
      byId.set(id, await Ebadge.query(trx).patchAndFetchById(id, { conditions: rule }));
    }
    const next = templates.map((template) => byId.get(template.id)!);
    await checkOneBadgePerGuest(trx, event.id, next);
    if (Object.keys(after).length)
      await recordAudit(trx, scope, {
        action: "ebadge.conditions_updated",
        accountId: event.accountId,
        eventId: event.id,
        subjectType: "event",
        subjectId: event.id,
        before,
        after,
        metadata: { names: Object.fromEntries(Object.keys(after).map((id) => [id, byId.get(id)!.name])) },
      });
    return next.map(conditionsView);
  });
}
