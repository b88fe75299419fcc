import type { EventDuplicate } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { actorUserId } from "../../policies/actor.ts";
import { recordAudit } from "../audit/record.ts";
import type { Scope } from "../scope.ts";
import { runEventCopiers } from "./copiers.ts";
import { loadOneEventDetails, type EventDetails } from "./details.ts";
import { copiedValues, eventSnapshot } from "./fields.ts";
import { findEventFor } from "./find.ts";
import { ensureEventSlot, ensureSlugAvailable, insertEvent } from "./slugAndDomains.ts";

/** Copies the rows of one access list (event_users or event_teams) from one event to another. */
async function copyAccessList(
  trx: Knex.Transaction,
  table: "eventUsers" | "eventTeams",
  column: "userId" | "teamId",
  fromId: string,
  toId: string,
  now: Date,
): Promise<void> {
  const rows = (await trx(table).where({ eventId: fromId }).select(column)) as Record<string, string>[];
  if (!rows.length) return;
  const createdAt = now.toISOString();
  await trx(table).insert(rows.map((row) => ({ eventId: toId, [column]: row[column], createdAt })));
}

/**
 * A new event with the source's settings and access lists under a new name and slug, plus whatever
 * the registered copiers add (guests, forms … of later areas), all in one transaction. Custom
 * domains are not copied (they are unique across the platform) and the copy is never archived.
 */
export async function duplicateEvent(
  scope: Scope,
  accountId: string,
  eventId: string,
  body: EventDuplicate,
): Promise<EventDetails> {
  const copy = await scope.db.transaction(async (trx) => {
    const { event: source } = await findEventFor(trx, scope.actor, "duplicate", accountId, eventId);
    await ensureEventSlot(trx, accountId);
    await ensureSlugAvailable(trx, body.slug);
    const created = await insertEvent(trx, {
      ...copiedValues(source),
      name: body.name.trim(),
      slug: body.slug,
      accountId,
      isArchived: false,
      archivedAt: null,
      createdBy: actorUserId(scope.actor),
    });
    await copyAccessList(trx, "eventUsers", "userId", source.id, created.id, scope.clock.now());
    await copyAccessList(trx, "eventTeams", "teamId", source.id, created.id, scope.clock.now());
    await runEventCopiers(trx, { from: source, to: created, scope });
    await recordAudit(trx, scope, {
      action: "event.duplicated",
      subjectType: "event",
      subjectId: created.id,
      accountId,
      eventId: created.id,
      after: { ...eventSnapshot(created, []), duplicatedFrom: source.id },
      metadata: { names: { [source.id]: source.name } },
    });
    return created;
  });
  return loadOneEventDetails(scope.db, scope.actor, copy);
}
