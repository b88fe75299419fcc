import type { EventAuditAction, ValidationIssue } from "@tessera/shared";
import type {
  TicketCategoryCreate,
  TicketCategoryUpdate,
  TicketCreate,
  TicketPricePeriodInput,
  TicketUpdate,
} from "@tessera/shared/schemas/ticketing";
import { priceExcludingTax, priceIncludingTax } from "@tessera/shared/ticketing/money";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { Event } from "../../models/Event.ts";
import { Ticket } from "../../models/Ticket.ts";
import { TicketCategory } from "../../models/TicketCategory.ts";
import { TicketPricePeriod } from "../../models/TicketPricePeriod.ts";
import { changedFields, recordAudit } from "../audit/record.ts";
import { findEventByKeyFor, type EventKey } from "../events/find.ts";
import type { Scope } from "../scope.ts";

/*
 * Ticketing's catalogue (issue 14, spec §3 Ticket and Category): an event's ticket categories (one level of
 * subcategories, ordered among their siblings) and its tickets with their price periods. Who may: anyone who sees
 * the event reads it; editors and up (events.update, who change the event's other content) change it. Every
 * query is scoped to the event, itself found within the caller's account; every change is in the event's history,
 * in the same transaction. Money is integer cents; a tax rate is basis points (stored as a percent with two
 * decimals, which holds them exactly); of a period's two prices the one not given is derived with shared's money
 * arithmetic.
 */

type CatalogueAuditAction = Extract<EventAuditAction, `ticket.${string}` | `ticket_category.${string}`>;

async function recordCatalogueAudit(
  trx: Knex.Transaction,
  scope: Scope,
  event: Pick<Event, "id" | "accountId">,
  subject: { type: "ticket" | "ticket_category"; id: string | null; name: string | null },
  action: CatalogueAuditAction,
  values: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
): Promise<void> {
  await recordAudit(trx, scope, {
    action,
    subjectType: subject.type,
    subjectId: subject.id,
    accountId: event.accountId,
    eventId: event.id,
    before: values.before ?? null,
    after: values.after ?? null,
    metadata: subject.name === null ? null : { subject: subject.name },
  });
}

// ---- categories ---------------------------------------------------------------------------------

export interface CategoryListView {
  event: Event;
  categories: TicketCategory[];
}

function categorySnapshot(category: TicketCategory): Record<string, unknown> {
  return { id: category.id, name: category.name, color: category.color, parentId: category.parentId };
}

/** Top-level categories by position, each followed by its subcategories by position. */
function categoryTree(categories: readonly TicketCategory[]): TicketCategory[] {
  const byPosition = (a: TicketCategory, b: TicketCategory) => a.position - b.position || a.id.localeCompare(b.id);
  const children = new Map<string, TicketCategory[]>();
  for (const category of categories) {
    if (category.parentId) children.set(category.parentId, [...(children.get(category.parentId) ?? []), category]);
  }
  return categories
    .filter((category) => !category.parentId)
    .sort(byPosition)
    .flatMap((parent) => [parent, ...(children.get(parent.id) ?? []).sort(byPosition)]);
}

async function eventCategories(db: Knex, eventId: string): Promise<TicketCategory[]> {
  return categoryTree(await TicketCategory.query(db).where({ eventId }));
}

async function findCategory(db: Knex, eventId: string, categoryId: string): Promise<TicketCategory> {
  const category = await TicketCategory.query(db).findOne({ id: categoryId, eventId });
  if (!category) throw AppError.notFound();
  return category;
}

/** 422 invalid_value on parentId unless it is a top-level category of the event other than `selfId`. */
async function checkedParent(db: Knex, eventId: string, parentId: string, selfId: string | null): Promise<string> {
  const parent = await TicketCategory.query(db).findOne({ id: parentId, eventId });
  if (!parent || parent.parentId || parent.id === selfId)
    throw AppError.invalid([{ field: "parentId", code: "invalid_value" }]);
  return parent.id;
}

/** The position after the last of the rows `where` selects (0 when there are none). */
async function nextPosition(
  db: Knex,
  table: "ticketCategories" | "tickets",
  where: Record<string, string | null>,
): Promise<number> {
  const row = (await db(table).where(where).max({ top: "position" }).first()) as
    { top: number | string | null } | undefined;
  return row?.top === null || row?.top === undefined ? 0 : Number(row.top) + 1;
}

export async function listCategories(scope: Scope, key: EventKey): Promise<CategoryListView> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return { event, categories: await eventCategories(scope.db, event.id) };
}

export async function getCategory(scope: Scope, key: EventKey, categoryId: string): Promise<TicketCategory> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  return findCategory(scope.db, event.id, categoryId);
}

export async function createCategory(scope: Scope, key: EventKey, body: TicketCategoryCreate): Promise<TicketCategory> {
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const parentId = body.parentId ? await checkedParent(trx, event.id, body.parentId, null) : null;
    const category = await TicketCategory.query(trx).insertAndFetch({
      accountId: event.accountId,
      eventId: event.id,
      parentId,
      name: body.name.trim(),
      color: body.color.toLowerCase(),
      position: await nextPosition(trx, "ticketCategories", { eventId: event.id, parentId }),
    });
    await recordCatalogueAudit(
      trx,
      scope,
      event,
      { type: "ticket_category", id: category.id, name: category.name },
      "ticket_category.created",
      { after: categorySnapshot(category) },
    );
    return category;
  });
}

export async function updateCategory(
  scope: Scope,
  key: EventKey,
  categoryId: string,
  body: TicketCategoryUpdate,
): Promise<TicketCategory> {
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const category = await findCategory(trx, event.id, categoryId);
    const patch: Partial<TicketCategory> = {};
    if (body.name !== undefined) patch.name = body.name.trim();
    if (body.color !== undefined) patch.color = body.color.toLowerCase();
    if (body.parentId !== undefined && body.parentId !== category.parentId) {
      if (body.parentId) {
        const parentId = await checkedParent(trx, event.id, body.parentId, category.id);
        const child = await TicketCategory.query(trx).findOne({ eventId: event.id, parentId: category.id });
        if (child) throw AppError.invalid([{ field: "parentId", code: "invalid_value" }]);
        patch.parentId = parentId;
      } else {
        patch.parentId = null;
      }
      patch.position = await nextPosition(trx, "ticketCategories", { eventId: event.id, parentId: patch.parentId });
    }
    if (!Object.keys(patch).length) return category;
    const updated = await TicketCategory.query(trx).patchAndFetchById(category.id, patch);
    const changes = changedFields(categorySnapshot(category), categorySnapshot(updated));
    if (changes)
      await recordCatalogueAudit(
        trx,
        scope,
        event,
        { type: "ticket_category", id: updated.id, name: updated.name },
        "ticket_category.updated",
        changes,
      );
    return updated;
  });
}

/** Every category of the event once each, in the new order: each one's position among its siblings. */
export async function positionCategories(
  scope: Scope,
  key: EventKey,
  ids: readonly string[],
): Promise<CategoryListView> {
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const categories = await TicketCategory.query(trx).where({ eventId: event.id });
    const byId = new Map(categories.map((category) => [category.id, category]));
    if (ids.length !== categories.length || !ids.every((id) => byId.has(id)))
      throw AppError.invalid([{ field: "ids", code: "invalid_value" }]);
    const before = categoryTree(categories).map((category) => category.id);
    const nextBySiblings = new Map<string, number>();
    for (const id of ids) {
      const category = byId.get(id)!;
      const siblings = category.parentId ?? "";
      const position = nextBySiblings.get(siblings) ?? 0;
      nextBySiblings.set(siblings, position + 1);
      if (category.position !== position) await TicketCategory.query(trx).patch({ position }).where({ id });
    }
    const after = await eventCategories(trx, event.id);
    const changes = changedFields({ order: before }, { order: after.map((category) => category.id) });
    if (changes)
      await recordCatalogueAudit(
        trx,
        scope,
        event,
        { type: "ticket_category", id: null, name: null },
        "ticket_category.reordered",
        changes,
      );
    return { event, categories: after };
  });
}

/** With its subcategories; 409 category_has_tickets while it or one of them holds tickets. */
export async function deleteCategory(scope: Scope, key: EventKey, categoryId: string): Promise<void> {
  await scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const category = await findCategory(trx, event.id, categoryId);
    const children = await TicketCategory.query(trx).where({ eventId: event.id, parentId: category.id });
    const ids = [category.id, ...children.map((child) => child.id)];
    const held = await trx("tickets").where({ eventId: event.id }).whereIn("categoryId", ids).first("id");
    if (held) throw new AppError("category_has_tickets", 409, { details: { categoryId: category.id } });
    await TicketCategory.query(trx).deleteById(category.id); // its subcategories go with it (parent_id cascades)
    await recordCatalogueAudit(
      trx,
      scope,
      event,
      { type: "ticket_category", id: category.id, name: category.name },
      "ticket_category.deleted",
      { before: { ...categorySnapshot(category), subcategories: children.map((child) => child.name) } },
    );
  });
}

// ---- tickets ------------------------------------------------------------------------------------

export interface TicketView {
  ticket: Ticket;
  periods: TicketPricePeriod[];
}

/** Basis points, from the stored percent with two decimals. */
export function taxRateBpOf(ticket: Pick<Ticket, "taxPercent">): number | null {
  return ticket.taxPercent === null ? null : Math.round(ticket.taxPercent * 100);
}

function ticketSnapshot({ ticket, periods }: TicketView): Record<string, unknown> {
  return {
    id: ticket.id,
    caption: ticket.caption,
    description: ticket.description,
    taxRateBp: taxRateBpOf(ticket),
    maxQuantity: ticket.maxQuantity,
    isOption: ticket.isOption,
    isOnSale: ticket.isOnSale,
    categoryId: ticket.categoryId,
    pricePeriods: periods.map((period) => ({
      startsAt: period.startsAt.toISOString(),
      endsAt: period.endsAt?.toISOString() ?? null,
      priceExclTaxCents: period.priceExclTaxCents,
      priceInclTaxCents: period.priceInclTaxCents,
    })),
  };
}

async function findTicket(db: Knex, eventId: string, ticketId: string): Promise<Ticket> {
  const ticket = await Ticket.query(db).findOne({ id: ticketId, eventId });
  if (!ticket) throw AppError.notFound();
  return ticket;
}

async function periodsOf(db: Knex, ticketIds: readonly string[]): Promise<Map<string, TicketPricePeriod[]>> {
  const byTicket = new Map<string, TicketPricePeriod[]>(ticketIds.map((id) => [id, []]));
  if (!ticketIds.length) return byTicket;
  const periods = await TicketPricePeriod.query(db)
    .whereIn("ticketId", [...ticketIds])
    .orderBy("startsAt")
    .orderBy("id");
  for (const period of periods) byTicket.get(period.ticketId)?.push(period);
  return byTicket;
}

/** One ticket's price periods, by start. */
async function periodsOfTicket(db: Knex, ticketId: string): Promise<TicketPricePeriod[]> {
  return (await periodsOf(db, [ticketId])).get(ticketId) ?? [];
}

/** 422 invalid_value on categoryId unless it is a category or subcategory of the event. */
async function checkedCategory(db: Knex, eventId: string, categoryId: string | null): Promise<string | null> {
  if (categoryId === null) return null;
  const category = await TicketCategory.query(db).findOne({ id: categoryId, eventId });
  if (!category) throw AppError.invalid([{ field: "categoryId", code: "invalid_value" }]);
  return category.id;
}

interface PeriodRow {
  startsAt: Date;
  endsAt: Date | null;
  priceExclTaxCents: number;
  priceInclTaxCents: number;
}

/**
 * The periods as stored: each with both prices (the one not given derived with the tax rate), ending after it
 * starts, none overlapping another (a period runs from its start, included, to its end, excluded; no end: for
 * ever). Every issue at once, on the field it is about.
 */
export function checkedPeriods(inputs: readonly TicketPricePeriodInput[], taxRateBp: number | null): PeriodRow[] {
  const issues: ValidationIssue[] = [];
  const rows = inputs.map((input, index): PeriodRow => {
    const startsAt = new Date(input.startsAt);
    const endsAt = input.endsAt ? new Date(input.endsAt) : null;
    if (endsAt && endsAt.getTime() <= startsAt.getTime())
      issues.push({ field: `pricePeriods.${index}.endsAt`, code: "period_ends_before_start" });
    let excl = input.priceExclTaxCents;
    let incl = input.priceInclTaxCents;
    if ((excl === undefined) === (incl === undefined)) {
      issues.push({ field: `pricePeriods.${index}`, code: "one_price_required" });
      excl = incl = 0;
    } else if (excl !== undefined) {
      incl = priceIncludingTax(excl, taxRateBp);
    } else {
      excl = priceExcludingTax(incl!, taxRateBp);
    }
    return { startsAt, endsAt, priceExclTaxCents: excl!, priceInclTaxCents: incl! };
  });
  const order = rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => a.row.startsAt.getTime() - b.row.startsAt.getTime());
  for (let i = 1; i < order.length; i++) {
    const previous = order[i - 1]!.row;
    const current = order[i]!;
    if (previous.endsAt === null || current.row.startsAt.getTime() < previous.endsAt.getTime())
      issues.push({ field: `pricePeriods.${current.index}.startsAt`, code: "price_periods_overlap" });
  }
  if (issues.length) throw AppError.invalid(issues);
  return rows;
}

async function writePeriods(trx: Knex, ticketId: string, rows: readonly PeriodRow[]): Promise<TicketPricePeriod[]> {
  await TicketPricePeriod.query(trx).delete().where({ ticketId });
  for (const row of rows) await TicketPricePeriod.query(trx).insert({ ticketId, ...row });
  return periodsOfTicket(trx, ticketId);
}

export async function listTickets(scope: Scope, key: EventKey): Promise<TicketView[]> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const tickets = await Ticket.query(scope.db).where({ eventId: event.id }).orderBy("position").orderBy("id");
  const periods = await periodsOf(
    scope.db,
    tickets.map((ticket) => ticket.id),
  );
  return tickets.map((ticket) => ({ ticket, periods: periods.get(ticket.id) ?? [] }));
}

export async function getTicket(scope: Scope, key: EventKey, ticketId: string): Promise<TicketView> {
  const { event } = await findEventByKeyFor(scope.db, scope.actor, "read", key);
  const ticket = await findTicket(scope.db, event.id, ticketId);
  return { ticket, periods: await periodsOfTicket(scope.db, ticket.id) };
}

const percentOf = (taxRateBp: number | null): number | null => (taxRateBp === null ? null : taxRateBp / 100);

export async function createTicket(scope: Scope, key: EventKey, body: TicketCreate): Promise<TicketView> {
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const taxRateBp = body.taxRateBp ?? null;
    const rows = checkedPeriods(body.pricePeriods ?? [], taxRateBp);
    const categoryId = await checkedCategory(trx, event.id, body.categoryId ?? null);
    const ticket = await Ticket.query(trx).insertAndFetch({
      accountId: event.accountId,
      eventId: event.id,
      caption: body.caption.trim(),
      description: body.description ?? null,
      taxPercent: percentOf(taxRateBp),
      maxQuantity: body.maxQuantity ?? null,
      isOption: body.isOption ?? false,
      isOnSale: body.isOnSale ?? false,
      category: null,
      categoryId,
      position: await nextPosition(trx, "tickets", { eventId: event.id }),
    });
    const view = { ticket, periods: await writePeriods(trx, ticket.id, rows) };
    await recordCatalogueAudit(
      trx,
      scope,
      event,
      { type: "ticket", id: ticket.id, name: ticket.caption },
      "ticket.created",
      { after: ticketSnapshot(view) },
    );
    return view;
  });
}

export async function updateTicket(
  scope: Scope,
  key: EventKey,
  ticketId: string,
  body: TicketUpdate,
): Promise<TicketView> {
  return scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const ticket = await findTicket(trx, event.id, ticketId);
    const current = await periodsOfTicket(trx, ticket.id);
    const taxRateBp = body.taxRateBp !== undefined ? body.taxRateBp : taxRateBpOf(ticket);
    const taxChanged = taxRateBp !== taxRateBpOf(ticket);
    // New periods as given; a new tax rate alone derives the prices after taxes again from those before.
    const inputs: TicketPricePeriodInput[] | null =
      body.pricePeriods ??
      (taxChanged
        ? current.map((period) => ({
            startsAt: period.startsAt.toISOString(),
            endsAt: period.endsAt?.toISOString() ?? null,
            priceExclTaxCents: period.priceExclTaxCents,
          }))
        : null);
    const rows = inputs ? checkedPeriods(inputs, taxRateBp) : null;
    const patch: Partial<Ticket> = {};
    if (body.caption !== undefined) patch.caption = body.caption.trim();
    if (body.description !== undefined) patch.description = body.description;
    if (taxChanged) patch.taxPercent = percentOf(taxRateBp);
    if (body.maxQuantity !== undefined) patch.maxQuantity = body.maxQuantity;
    if (body.isOption !== undefined) patch.isOption = body.isOption;
    if (body.isOnSale !== undefined) patch.isOnSale = body.isOnSale;
    if (body.categoryId !== undefined) patch.categoryId = await checkedCategory(trx, event.id, body.categoryId);
    const updated = Object.keys(patch).length ? await Ticket.query(trx).patchAndFetchById(ticket.id, patch) : ticket;
    const view = { ticket: updated, periods: rows ? await writePeriods(trx, ticket.id, rows) : current };
    const changes = changedFields(ticketSnapshot({ ticket, periods: current }), ticketSnapshot(view));
    if (changes)
      await recordCatalogueAudit(
        trx,
        scope,
        event,
        { type: "ticket", id: updated.id, name: updated.caption },
        "ticket.updated",
        changes,
      );
    return view;
  });
}

/** With its price periods; 409 ticket_has_orders once an order holds it. */
export async function deleteTicket(scope: Scope, key: EventKey, ticketId: string): Promise<void> {
  await scope.db.transaction(async (trx) => {
    const { event } = await findEventByKeyFor(trx, scope.actor, "update", key, { lock: true });
    const ticket = await findTicket(trx, event.id, ticketId);
    const ordered = await trx("orderItems").where({ ticketId: ticket.id }).first("id");
    if (ordered) throw new AppError("ticket_has_orders", 409, { details: { ticketId: ticket.id } });
    const periods = await periodsOfTicket(trx, ticket.id);
    await Ticket.query(trx).deleteById(ticket.id); // its price periods and coupon links go with it (cascades)
    await recordCatalogueAudit(
      trx,
      scope,
      event,
      { type: "ticket", id: ticket.id, name: ticket.caption },
      "ticket.deleted",
      { before: ticketSnapshot({ ticket, periods }) },
    );
  });
}
