import type { EventAuditAction, ValidationIssue } from "@tessera/shared";
import { isValidCouponCode } from "@tessera/shared/rules/couponCode";
import type { CouponCreate, CouponUpdate } from "@tessera/shared/schemas/ticketingCoupons";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { Coupon } from "../../models/Coupon.ts";
import type { Event } from "../../models/Event.ts";
import { changedFields, recordAudit } from "../audit/record.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import { couponUses } from "../orders/couponUses.ts";
import type { Scope } from "../scope.ts";

/*
 * Ticketing's coupons (issue 14, spec §3 Coupon, §5 coupon code). Who may: anyone who sees the event reads them;
 * editors and up (events.update) change them, with the event row locked. Every query is scoped to the event,
 * itself found within the caller's account; the tickets a coupon applies to must be tickets of that event. A code
 * is kept as typed and unique in the event whatever its case (a unique index on its lower-case form backs the
 * check); exactly one of the amount off (cents) and the percent off (basis points) is set — what shared's
 * applyDiscounts reads.
 */

export interface CouponView {
  coupon: Coupon;
  ticketIds: string[];
  /** Live orders and held carts that redeem it now. */
  redemptions: number;
}

async function ticketIdsOf(db: Knex, couponIds: readonly string[]): Promise<Map<string, string[]>> {
  const byCoupon = new Map<string, string[]>();
  if (!couponIds.length) return byCoupon;
  const rows = (await db("couponTickets")
    .whereIn("couponId", couponIds)
    .orderBy(["couponId", "ticketId"])
    .select("couponId", "ticketId")) as { couponId: string; ticketId: string }[];
  for (const row of rows) byCoupon.set(row.couponId, [...(byCoupon.get(row.couponId) ?? []), row.ticketId]);
  return byCoupon;
}

async function findCoupon(db: Knex, eventId: string, couponId: string): Promise<Coupon> {
  const coupon = await Coupon.query(db).findOne({ id: couponId, eventId });
  if (!coupon) throw AppError.notFound();
  return coupon;
}

/** The coupons with their tickets and how often each is redeemed now. */
async function viewsOf(db: Knex, eventId: string, coupons: readonly Coupon[]): Promise<CouponView[]> {
  const ids = coupons.map((coupon) => coupon.id);
  const [tickets, uses] = await Promise.all([ticketIdsOf(db, ids), couponUses(db, eventId, ids, new Date())]);
  return coupons.map((coupon) => ({
    coupon,
    ticketIds: tickets.get(coupon.id) ?? [],
    redemptions: uses.get(coupon.id) ?? 0,
  }));
}

async function viewOf(db: Knex, coupon: Coupon): Promise<CouponView> {
  return (await viewsOf(db, coupon.eventId, [coupon]))[0]!;
}

function couponSnapshot({ coupon, ticketIds }: CouponView): Record<string, unknown> {
  return {
    id: coupon.id,
    code: coupon.code,
    amountOffCents: coupon.amountOffCents,
    percentOffBp: coupon.percentOffBp,
    maxRedemptions: coupon.maxRedemptions,
    combinable: coupon.combinable,
    redeemBy: coupon.redeemBy ? coupon.redeemBy.toISOString() : null,
    ticketIds: [...ticketIds].sort(),
  };
}

/** In the event's history, in the caller's transaction, named by its code. */
async function recordCouponAudit(
  trx: Knex.Transaction,
  scope: Scope,
  event: Pick<Event, "id" | "accountId">,
  view: CouponView,
  action: Extract<EventAuditAction, `coupon.${string}`>,
  values: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
): Promise<void> {
  await recordAudit(trx, scope, {
    action,
    subjectType: "coupon",
    subjectId: view.coupon.id,
    accountId: event.accountId,
    eventId: event.id,
    before: values.before ?? null,
    after: values.after ?? null,
    metadata: { subject: view.coupon.code },
  });
}

interface CouponValues {
  code: string;
  amountOffCents: number | null;
  percentOffBp: number | null;
  maxRedemptions: number | null;
  combinable: boolean;
  redeemBy: Date | null;
}

/** Every rule on the coupon as it would be; 422 with each issue at its place. */
async function checkCoupon(
  db: Knex,
  eventId: string,
  values: CouponValues,
  ticketIds: readonly string[] | undefined,
  selfId: string | null,
  redeemByGiven: boolean,
): Promise<void> {
  const issues: ValidationIssue[] = [];
  if (!isValidCouponCode(values.code)) issues.push({ field: "code", code: "coupon_code_format" });
  else {
    const taken = await db("coupons")
      .where({ eventId, codeKey: values.code.toLowerCase() })
      .modify((q) => {
        if (selfId) void q.whereNot({ id: selfId });
      })
      .first("id");
    if (taken) issues.push({ field: "code", code: "coupon_code_taken" });
  }
  if ((values.amountOffCents === null) === (values.percentOffBp === null))
    issues.push({ field: "amountOffCents", code: "coupon_one_discount" });
  if (redeemByGiven && values.redeemBy && values.redeemBy.getTime() < Date.now())
    issues.push({ field: "redeemBy", code: "redeem_by_past" });
  if (ticketIds?.length) {
    const found = new Set((await db("tickets").where({ eventId }).whereIn("id", ticketIds).pluck("id")) as string[]);
    ticketIds.forEach((id, index) => {
      if (!found.has(id)) issues.push({ field: `ticketIds.${index}`, code: "invalid_value" });
    });
  }
  if (issues.length) throw AppError.invalid(issues);
}

async function writeTickets(trx: Knex.Transaction, couponId: string, ticketIds: readonly string[]): Promise<void> {
  await trx("couponTickets").where({ couponId }).delete();
  if (ticketIds.length) await trx("couponTickets").insert(ticketIds.map((ticketId) => ({ couponId, ticketId })));
}

export async function listCoupons(scope: Scope, key: EventKey): Promise<CouponView[]> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const coupons = await Coupon.query(scope.db).where({ eventId: event.id }).orderBy(["codeKey", "id"]);
  return viewsOf(scope.db, event.id, coupons);
}

export async function getCoupon(scope: Scope, key: EventKey, couponId: string): Promise<CouponView> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return viewOf(scope.db, await findCoupon(scope.db, event.id, couponId));
}

export async function createCoupon(scope: Scope, key: EventKey, body: CouponCreate): Promise<CouponView> {
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const values: CouponValues = {
      code: body.code,
      amountOffCents: body.amountOffCents ?? null,
      percentOffBp: body.percentOffBp ?? null,
      maxRedemptions: body.maxRedemptions ?? null,
      combinable: body.combinable ?? false,
      redeemBy: body.redeemBy ? new Date(body.redeemBy) : null,
    };
    await checkCoupon(trx, event.id, values, body.ticketIds, null, true);
    const coupon = await Coupon.query(trx).insertAndFetch({
      accountId: event.accountId,
      eventId: event.id,
      codeKey: values.code.toLowerCase(),
      ...values,
    });
    await writeTickets(trx, coupon.id, body.ticketIds ?? []);
    const view = await viewOf(trx, coupon);
    await recordCouponAudit(trx, scope, event, view, "coupon.created", { after: couponSnapshot(view) });
    return view;
  });
}

export async function updateCoupon(
  scope: Scope,
  key: EventKey,
  couponId: string,
  body: CouponUpdate,
): Promise<CouponView> {
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const coupon = await findCoupon(trx, event.id, couponId);
    const before = await viewOf(trx, coupon);
    const values: CouponValues = {
      code: body.code ?? coupon.code,
      amountOffCents: body.amountOffCents !== undefined ? body.amountOffCents : coupon.amountOffCents,
      percentOffBp: body.percentOffBp !== undefined ? body.percentOffBp : coupon.percentOffBp,
      maxRedemptions: body.maxRedemptions !== undefined ? body.maxRedemptions : coupon.maxRedemptions,
      combinable: body.combinable ?? coupon.combinable,
      redeemBy:
        body.redeemBy !== undefined ? (body.redeemBy === null ? null : new Date(body.redeemBy)) : coupon.redeemBy,
    };
    await checkCoupon(trx, event.id, values, body.ticketIds, coupon.id, body.redeemBy !== undefined);
    const updated = await Coupon.query(trx).patchAndFetchById(coupon.id, {
      ...values,
      codeKey: values.code.toLowerCase(),
    });
    if (body.ticketIds !== undefined) await writeTickets(trx, coupon.id, body.ticketIds);
    const view = await viewOf(trx, updated);
    const changes = changedFields(couponSnapshot(before), couponSnapshot(view));
    if (changes) await recordCouponAudit(trx, scope, event, view, "coupon.updated", changes);
    return view;
  });
}

export async function deleteCoupon(scope: Scope, key: EventKey, couponId: string): Promise<void> {
  await scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const coupon = await findCoupon(trx, event.id, couponId);
    const view = await viewOf(trx, coupon);
    await Coupon.query(trx).deleteById(coupon.id); // its ticket links go with it (coupon_tickets cascades)
    await recordCouponAudit(trx, scope, event, view, "coupon.deleted", { before: couponSnapshot(view) });
  });
}
