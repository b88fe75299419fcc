import { EVENT_ADMIN_FIELDS, type EventUpdate } from "@tessera/shared";
import { AppError } from "../../errors.ts";
import { Event } from "../../models/Event.ts";
import { changedFields, recordAudit } from "../audit/record.ts";
import type { Scope } from "../scope.ts";
import { loadOneEventDetails, type EventDetails } from "./details.ts";
import { checkEventRules, ensureAdminFieldsAllowed, eventSnapshot, valuesFromBody } from "./fields.ts";
import { findEventFor } from "./find.ts";
import { eventDomains, replaceEventDomains } from "./slugAndDomains.ts";

/**
 * Applies a partial update and records the changed fields. Anyone but a platform administrator
 * sending an admin-only field gets 403 and nothing changes. The slug may be sent only unchanged (spec §5: it cannot change after creation).
 */
export async function updateEvent(
  scope: Scope,
  accountId: string,
  eventId: string,
  body: EventUpdate,
): Promise<EventDetails> {
  const actor = scope.actor;
  const event = await scope.db
    .transaction(async (trx) => {
      const { event: current } = await findEventFor(trx, actor, "update", accountId, eventId, { lock: true });
      ensureAdminFieldsAllowed(actor, accountId, body);
      if (body.slug !== undefined && body.slug !== current.slug) {
        throw AppError.invalid([{ field: "slug", code: "slug_immutable" }]);
      }
      const values = valuesFromBody(body, current);
      await checkEventRules(trx, accountId, values, {
        startsAt: values.startsAt === undefined ? current.startsAt : values.startsAt,
        endsAt: values.endsAt === undefined ? current.endsAt : values.endsAt,
      });
      const domainsBefore = await eventDomains(trx, eventId);
      const domains = body.customDomains ? await replaceEventDomains(trx, eventId, body.customDomains) : domainsBefore;
      const before = eventSnapshot(current, domainsBefore);
      const changes = changedFields(before, eventSnapshot({ ...current, ...values }, domains));
      if (!changes) return current;
      const updated = await Event.query(trx).patchAndFetchById(eventId, values);
      await recordAudit(trx, scope, {
        action: "event.updated",
        subjectType: "event",
        subjectId: eventId,
        accountId,
        eventId,
        ...changes,
      });
      return updated;
    })
    .catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      scope.logger.error({ err: error, eventId }, "event update failed");
      // Spec §8 messages: the admin settings form says "parameters", every other form "event".
      const touchesParams = EVENT_ADMIN_FIELDS.some((field) => body[field] !== undefined);
      throw new AppError(touchesParams ? "event_params_not_updated" : "event_not_updated", 500);
    });
  return loadOneEventDetails(scope.db, actor, event);
}
