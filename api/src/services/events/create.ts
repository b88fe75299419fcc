import type { EventCreate } from "@tessera/shared";
import { Account } from "../../models/Account.ts";
import { AppError } from "../../errors.ts";
import { authorizeInAccount } from "../../policies/accounts.ts";
import { actorUserId } from "../../policies/actor.ts";
import { recordAudit } from "../audit/record.ts";
import type { Scope } from "../scope.ts";
import { newEventDefaults } from "./accountDefaults.ts";
import { loadOneEventDetails, type EventDetails } from "./details.ts";
import {
  checkEventRules,
  type EventCreateBody,
  defaultModules,
  defaultWhiteLabel,
  ensureAdminFieldsAllowed,
  eventSnapshot,
  valuesFromBody,
} from "./fields.ts";
import { ensureEventSlot, ensureSlugAvailable, insertEvent, replaceEventDomains } from "./slugAndDomains.ts";

/**
 * Creates an event of the account: events.create, and only platform administrators may send the
 * admin-only fields. Fields the body leaves out take the account's default event params, then the
 * platform defaults.
 */
export async function createEvent(scope: Scope, accountId: string, input: EventCreate): Promise<EventDetails> {
  // EventCreate names only name and slug statically; it takes every field of EventUpdate.
  const body = input as EventCreateBody;
  authorizeInAccount(scope.actor, "events.create", accountId);
  ensureAdminFieldsAllowed(scope.actor, accountId, body);
  const event = await scope.db.transaction(async (trx) => {
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
      createdBy: actorUserId(scope.actor),
    });
    const domains = await replaceEventDomains(trx, created.id, body.customDomains ?? []);
    await recordAudit(trx, scope, {
      action: "event.created",
      subjectType: "event",
      subjectId: created.id,
      accountId,
      eventId: created.id,
      after: eventSnapshot(created, domains),
    });
    return created;
  });
  return loadOneEventDetails(scope.db, scope.actor, event);
}
