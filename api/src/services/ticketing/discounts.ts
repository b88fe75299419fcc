import type { EventAuditAction, ValidationIssue } from "@tessera/shared";
import type { DiscountCreate, DiscountUpdate } from "@tessera/shared/schemas/ticketingDiscounts";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Discount } from "../../models/Discount.ts";
import type { Event } from "../../models/Event.ts";
import { changedFields, recordAudit } from "../audit/record.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import type { Scope } from "../scope.ts";

/*
 * Ticketing's automatic discounts (issue 14, spec §7 `discounts`): they apply without a code when their conditions
 * hold (shared's discountsFor decides which, applyDiscounts computes what they take off). Who may: anyone who sees
 * the event reads them; editors and up (events.update) change them, with the event row locked. Every query is
 * scoped to the event, itself found within the caller's account; the tickets a discount applies to must be
 * tickets of that event. Exactly one of the amount off (cents) and the percent off (basis points) is set; a
 * validity window's end comes after its start.
 */

export interface DiscountView {
  discount: Discount;
  ticketIds: string[];
}

async function ticketIdsOf(db: Knex, discountIds: readonly string[]): Promise<Map<string, string[]>> {
  const byDiscount = new Map<string, string[]>();
  if (!discountIds.length) return byDiscount;
  const rows = (await db("discountTickets")
    .whereIn("discountId", discountIds)
    .orderBy(["discountId", "ticketId"])
    .select("discountId", "ticketId")) as { discountId: string; ticketId: string }[];
  for (const row of rows) byDiscount.set(row.discountId, [...(byDiscount.get(row.discountId) ?? []), row.ticketId]);
  return byDiscount;
}

async function findDiscount(db: Knex, eventId: string, discountId: string): Promise<Discount> {
  const discount = await Discount.query(db).findOne({ id: discountId, eventId });
  if (!discount) throw AppError.notFound();
  return discount;
}

async function viewOf(db: Knex, discount: Discount): Promise<DiscountView> {
  return { discount, ticketIds: (await ticketIdsOf(db, [discount.id])).get(discount.id) ?? [] };
}

const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

function discountSnapshot({ discount, ticketIds }: DiscountView): Record<string, unknown> {
  return {
    id: discount.id,
    name: discount.name,
    amountOffCents: discount.amountOffCents,
    percentOffBp: discount.percentOffBp,
    ticketIds: [...ticketIds].sort(),
    minQuantity: discount.minQuantity,
    validFrom: isoOrNull(discount.validFrom),
    validUntil: isoOrNull(discount.validUntil),
    maxUses: discount.maxUses,
    isActive: discount.isActive,
    combinableWithCoupons: discount.combinableWithCoupons,
    position: discount.position,
  };
}

/** In the event's history, in the caller's transaction, named by its name. */
async function recordDiscountAudit(
  trx: Knex.Transaction,
  scope: Scope,
  event: Pick<Event, "id" | "accountId">,
  view: DiscountView,
  action: Extract<EventAuditAction, `discount.${string}`>,
  values: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
): Promise<void> {
  await recordAudit(trx, scope, {
    action,
    subjectType: "discount",
    subjectId: view.discount.id,
    accountId: event.accountId,
    eventId: event.id,
    before: values.before ?? null,
    after: values.after ?? null,
    metadata: { subject: view.discount.name },
  });
}

interface DiscountValues {
  name: string;
  amountOffCents: number | null;
  percentOffBp: number | null;
  minQuantity: number;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  isActive: boolean;
  combinableWithCoupons: boolean;
  position: number;
}

const dateOrNull = (value: string | null | undefined) => (value ? new Date(value) : null);

/** Every rule on the discount as it would be; 422 with each issue at its place. */
async function checkDiscount(
  db: Knex,
  eventId: string,
  values: DiscountValues,
  ticketIds: readonly string[] | undefined,
): Promise<void> {
  const issues: ValidationIssue[] = [];
  if (!values.name) issues.push({ field: "name", code: "required" });
  if ((values.amountOffCents === null) === (values.percentOffBp === null))
    issues.push({ field: "amountOffCents", code: "coupon_one_discount" });
  if (values.validFrom && values.validUntil && values.validUntil.getTime() <= values.validFrom.getTime())
    issues.push({ field: "validUntil", code: "ends_before_start" });
  if (ticketIds?.length) {
    const found = new Set((await db("tickets").where({ eventId }).whereIn("id", ticketIds).pluck("id")) as string[]);
    ticketIds.forEach((id, index) => {
      if (!found.has(id)) issues.push({ field: `ticketIds.${index}`, code: "invalid_value" });
    });
  }
  if (issues.length) throw AppError.invalid(issues);
}

async function writeTickets(trx: Knex.Transaction, discountId: string, ticketIds: readonly string[]): Promise<void> {
  await trx("discountTickets").where({ discountId }).delete();
  if (ticketIds.length) await trx("discountTickets").insert(ticketIds.map((ticketId) => ({ discountId, ticketId })));
}

/** After the event's last discount. */
async function nextPosition(trx: Knex.Transaction, eventId: string): Promise<number> {
  const row = (await trx("discounts").where({ eventId }).max({ last: "position" }).first()) as
    { last: number | string | null } | undefined;
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

export async function listDiscounts(scope: Scope, key: EventKey): Promise<DiscountView[]> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const discounts = await Discount.query(scope.db).where({ eventId: event.id }).orderBy(["position", "name", "id"]);
  const tickets = await ticketIdsOf(
    scope.db,
    discounts.map((d) => d.id),
  );
  return discounts.map((discount) => ({ discount, ticketIds: tickets.get(discount.id) ?? [] }));
}

export async function getDiscount(scope: Scope, key: EventKey, discountId: string): Promise<DiscountView> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return viewOf(scope.db, await findDiscount(scope.db, event.id, discountId));
}

export async function createDiscount(scope: Scope, key: EventKey, body: DiscountCreate): Promise<DiscountView> {
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const values: DiscountValues = {
      name: body.name.trim(),
      amountOffCents: body.amountOffCents ?? null,
      percentOffBp: body.percentOffBp ?? null,
      minQuantity: body.minQuantity ?? 1,
      validFrom: dateOrNull(body.validFrom),
      validUntil: dateOrNull(body.validUntil),
      maxUses: body.maxUses ?? null,
      isActive: body.isActive ?? true,
      combinableWithCoupons: body.combinableWithCoupons ?? false,
      position: body.position ?? (await nextPosition(trx, event.id)),
    };
    await checkDiscount(trx, event.id, values, body.ticketIds);
    const discount = await Discount.query(trx).insertAndFetch({
      accountId: event.accountId,
      eventId: event.id,
      ...values,
    });
    await writeTickets(trx, discount.id, body.ticketIds ?? []);
    const view = await viewOf(trx, discount);
    await recordDiscountAudit(trx, scope, event, view, "discount.created", { after: discountSnapshot(view) });
    return view;
  });
}

export async function updateDiscount(
  scope: Scope,
  key: EventKey,
  discountId: string,
  body: DiscountUpdate,
): Promise<DiscountView> {
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const discount = await findDiscount(trx, event.id, discountId);
    const before = await viewOf(trx, discount);
    const values: DiscountValues = {
      name: body.name !== undefined ? body.name.trim() : discount.name,
      amountOffCents: body.amountOffCents !== undefined ? body.amountOffCents : discount.amountOffCents,
      percentOffBp: body.percentOffBp !== undefined ? body.percentOffBp : discount.percentOffBp,
      minQuantity: body.minQuantity ?? discount.minQuantity,
      validFrom: body.validFrom !== undefined ? dateOrNull(body.validFrom) : discount.validFrom,
      validUntil: body.validUntil !== undefined ? dateOrNull(body.validUntil) : discount.validUntil,
      maxUses: body.maxUses !== undefined ? body.maxUses : discount.maxUses,
      isActive: body.isActive ?? discount.isActive,
      combinableWithCoupons: body.combinableWithCoupons ?? discount.combinableWithCoupons,
      position: body.position ?? discount.position,
    };
    await checkDiscount(trx, event.id, values, body.ticketIds);
    const updated = await Discount.query(trx).patchAndFetchById(discount.id, values);
    if (body.ticketIds !== undefined) await writeTickets(trx, discount.id, body.ticketIds);
    const view = await viewOf(trx, updated);
    const changes = changedFields(discountSnapshot(before), discountSnapshot(view));
    if (changes) await recordDiscountAudit(trx, scope, event, view, "discount.updated", changes);
    return view;
  });
}

export async function deleteDiscount(scope: Scope, key: EventKey, discountId: string): Promise<void> {
  await scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const discount = await findDiscount(trx, event.id, discountId);
    const view = await viewOf(trx, discount);
    await Discount.query(trx).deleteById(discount.id); // its ticket links go with it (discount_tickets cascades)
    await recordDiscountAudit(trx, scope, event, view, "discount.deleted", { before: discountSnapshot(view) });
  });
}
