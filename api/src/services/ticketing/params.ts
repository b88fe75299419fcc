import {
  DEFAULT_TICKETING_PAYMENT_METHODS,
  type TicketingParamsUpdate,
} from "@tessera/shared/schemas/ticketingBilling";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { Event } from "../../models/Event.ts";
import { Form } from "../../models/Form.ts";
import { Organizer } from "../../models/Organizer.ts";
import { TicketingParams } from "../../models/TicketingParams.ts";
import { changedFields, recordAudit } from "../audit/record.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { recordFormAudit } from "../forms/formAudit.ts";
import type { Scope } from "../scope.ts";
import { findOrganizer } from "./billing.ts";

/*
 * An event's ticketing parameters (spec §4): ticket office opened or closed, card payment mode test or live,
 * terms, payment methods, the organizer that bills. Who may: anyone who sees the event reads them; editors and
 * up (events.update) change them, and start or stop sales; each change is in the event's history (sales started
 * or stopped, with the whole parameters; or the fields changed), in the same transaction. Starting sales (spec §5) needs billing information
 * (an organizer of the account with its SIRET), at least one ticket on sale and an online registration form,
 * each refusal with its own message; they are checked with the event locked, so two starts queue up.
 */

/** The parameters an event has before anyone set them: closed, test mode, card only, no organizer. */
export interface TicketingParamsView {
  params: Pick<
    TicketingParams,
    "ticketOffice" | "mode" | "terms" | "paymentMethods" | "organizerId" | "salesStartedAt"
  > & { updatedAt: Date | null };
}

function defaults(): TicketingParamsView["params"] {
  return {
    ticketOffice: "closed",
    mode: "test",
    terms: null,
    paymentMethods: [...DEFAULT_TICKETING_PAYMENT_METHODS],
    organizerId: null,
    salesStartedAt: null,
    updatedAt: null,
  };
}

/** The parameters as the trail keeps them. */
function paramsSnapshot(params: TicketingParamsView["params"]): Record<string, unknown> {
  return {
    ticketOffice: params.ticketOffice,
    mode: params.mode,
    terms: params.terms,
    paymentMethods: params.paymentMethods,
    organizerId: params.organizerId,
  };
}

async function storedParams(db: Knex, eventId: string): Promise<TicketingParams | undefined> {
  return TicketingParams.query(db).findOne({ eventId });
}

export async function getTicketingParams(scope: Scope, key: EventKey): Promise<TicketingParamsView> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return { params: (await storedParams(scope.db, event.id)) ?? defaults() };
}

/** 409 with the first thing starting sales lacks (spec §5), in the order an organizer sets them up. */
async function checkSalesCanStart(
  trx: Knex,
  event: Event,
  params: Pick<TicketingParams, "organizerId" | "paymentMethods">,
): Promise<void> {
  // Billing information: an organizer of the account (its SIRET was checked when it was saved).
  const organizer = params.organizerId
    ? await Organizer.query(trx).findOne({ id: params.organizerId, accountId: event.accountId })
    : undefined;
  if (!organizer?.siret) throw new AppError("payment_info_needed", 409, { details: { missing: "billing" } });
  const ticket = await trx("tickets").where({ eventId: event.id, isOnSale: true }).first("id");
  if (!ticket) throw new AppError("sales_need_ticket", 409, { details: { missing: "ticket" } });
  const form = await trx("forms").where({ eventId: event.id, type: "registration", state: "online" }).first("id");
  if (!form) throw new AppError("form_not_set", 409, { details: { missing: "form" } });
  if (!params.paymentMethods.length)
    throw new AppError("sales_need_payment_method", 409, { details: { missing: "paymentMethod" } });
}

export async function updateTicketingParams(
  scope: Scope,
  key: EventKey,
  body: TicketingParamsUpdate,
): Promise<TicketingParamsView> {
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const stored = await storedParams(trx, event.id);
    const before = stored ?? defaults();
    if (body.organizerId) await findOrganizer(trx, event.accountId, body.organizerId);
    const next = {
      ticketOffice: body.ticketOffice ?? before.ticketOffice,
      mode: body.mode ?? before.mode,
      terms: body.terms === undefined ? before.terms : body.terms?.trim() || null,
      paymentMethods: body.paymentMethods ?? before.paymentMethods,
      organizerId: body.organizerId === undefined ? before.organizerId : body.organizerId,
      salesStartedAt: before.salesStartedAt,
    };
    const starting = next.ticketOffice === "opened" && before.ticketOffice !== "opened";
    // Sales that are on stay on only while they have what starting them needed.
    if (next.ticketOffice === "opened") await checkSalesCanStart(trx, event, next);
    if (starting) next.salesStartedAt = new Date();
    const params = stored
      ? await TicketingParams.query(trx).patchAndFetchById(stored.id, next)
      : await TicketingParams.query(trx).insertAndFetch({ ...next, accountId: event.accountId, eventId: event.id });
    const stopping = before.ticketOffice === "opened" && params.ticketOffice === "closed";
    const changes = changedFields(paramsSnapshot(before), paramsSnapshot(params));
    if (changes)
      await recordAudit(trx, scope, {
        action: starting
          ? "ticketing.sales_started"
          : stopping
            ? "ticketing.sales_stopped"
            : "ticketing.params_updated",
        subjectType: "ticketingParams",
        subjectId: params.id,
        accountId: event.accountId,
        eventId: event.id,
        ...(starting || stopping ? { before: paramsSnapshot(before), after: paramsSnapshot(params) } : changes),
      });
    if (body.stopRegistrations && params.ticketOffice === "closed") await takeRegistrationsOffline(trx, scope, event);
    return { params };
  });
}

/** Spec §4: stopping ticket sales and registrations puts the registration form offline (each in the history). */
async function takeRegistrationsOffline(trx: Knex.Transaction, scope: Scope, event: Event): Promise<void> {
  const online = await Form.query(trx).where({ eventId: event.id, type: "registration", state: "online" });
  if (!online.length) return;
  await Form.query(trx)
    .patch({ state: "draft" })
    .whereIn(
      "id",
      online.map((form) => form.id),
    );
  for (const form of online) {
    await recordFormAudit(trx, scope, event, form, "form.taken_offline", {
      before: { type: form.type, state: "online" },
      after: { type: form.type, state: "draft" },
    });
  }
}
