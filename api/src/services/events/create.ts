import type { ApiContext } from "../../http/context.ts";
import { Account } from "../../models/Account.ts";
import { AppError } from "../../errors.ts";
import { actorUserId } from "../../policies/actor.ts";
import { recordAudit } from "../audit/record.ts";
import { newEventDefaults } from "./accountDefaults.ts";
import { loadOneEventDetails, type EventDetails } from "./details.ts";
import {
  checkEventRules,
  type EventCreateBody,
  defaultModules,
  defaultWhiteLabel,
  eventSnapshot,
  valuesFromBody,
} from "./fields.ts";
import { ensureEventSlot, ensureSlugAvailable, insertEvent, replaceEventDomains } from "./slugAndDomains.ts";

/**
 * Creates an event of the account (the caller has checked events.create and the admin-only fields).
 * Fields the body leaves out take the account's default event params, then the platform defaults.
 */
export async function createEvent(ctx: ApiContext, accountId: string, body: EventCreateBody): Promise<EventDetails> {
  const event = await ctx.deps.db.transaction(async (trx) => {
    const account = await Account.query(trx).findById(accountId);
    if (!account) throw AppError.notFound();
    const values = { ...newEventDefaults(account), ...valuesFromBody(body) };
    await checkEventRules(trx, accountId, values, { startsAt: values.startsAt ?? null, endsAt: values.endsAt ?? null });
    await ensureEventSlot(trx, accountId);
    await ensureSlugAvailable(trx, body.slug);
    const created = await insertEvent(trx, {
      socialLinks: {},
      modules: defaultModules(),
      whiteLabel: defaultWhiteLabel(),
      ...values,
      accountId,
      slug: body.slug,
      isArchived: false,
      archivedAt: null,
      createdBy: actorUserId(ctx.state.actor),
    });
    const domains = await replaceEventDomains(trx, created.id, body.customDomains ?? []);
    await recordAudit(trx, ctx, {
      action: "event.created",
      subjectType: "event",
      subjectId: created.id,
      accountId,
      eventId: created.id,
      after: eventSnapshot(created, domains),
    });
    return created;
  });
  return loadOneEventDetails(ctx.deps.db, ctx.state.actor, event);
}
