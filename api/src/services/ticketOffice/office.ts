import type { CartRequest } from "@tessera/shared/schemas/ticketOffice";
import { priceChangesAt, runningPeriod } from "@tessera/shared/ticketing/pricePeriods";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import type { Event } from "../../models/Event.ts";
import { Organizer } from "../../models/Organizer.ts";
import { Ticket } from "../../models/Ticket.ts";
import { TicketCategory } from "../../models/TicketCategory.ts";
import { TicketingParams } from "../../models/TicketingParams.ts";
import { TicketPricePeriod } from "../../models/TicketPricePeriod.ts";
import { CART_HOLD_MINUTES, checkItems } from "../orders/placeOrder.ts";
import { attendeesTaken, placesTaken } from "../orders/places.ts";
import { priceOrder, type PricedOrder, type WantedItem } from "../orders/pricing.ts";
import { findSessionGuest } from "../portal/guestSessions.ts";
import { eventOfSlug } from "../portal/signIn.ts";
import type { Scope } from "../scope.ts";
import { taxRateBpOf } from "../ticketing/catalogue.ts";
import { cardSetupOf, stripeConfigFor } from "../orders/stripeKeys.ts";

/*
 * The event's ticket office as its public registration form shows it (issue 14 item 3, spec §2 "order payment
 * step", §4 ticket office open or closed): open once sales started and while the office is opened; the tickets
 * on sale at the current price period's price with the places left (live orders and held carts, as placing an
 * order counts them), and a price quote through the same pricing and checks as placing the order, nothing held.
 * Anyone may call: the event is named by its slug.
 */

/** Sales started and the office opened. */
export function isOfficeOpen(params: Pick<TicketingParams, "ticketOffice" | "salesStartedAt"> | undefined, now: Date) {
  return (
    params?.ticketOffice === "opened" &&
    params.salesStartedAt !== null &&
    params.salesStartedAt.getTime() <= now.getTime()
  );
}

/** The event's ticketing parameters, and whether its office sells at `now`. */
export async function officeState(db: Knex, eventId: string, now: Date) {
  const params = await TicketingParams.query(db).findOne({ eventId });
  return { params, open: isOfficeOpen(params, now) };
}

export interface OfficeTicketView {
  ticket: Ticket;
  taxRateBp: number | null;
  priceInclTaxCents: number;
  priceExclTaxCents: number;
  remaining: number | null;
  priceUntil: Date | null;
}

export interface TicketOfficeView {
  open: boolean;
  mode: "test" | "live";
  paymentMethods: TicketingParams["paymentMethods"];
  card: { publishableKey: string; stripeJsUrl: string } | null;
  terms: string | null;
  seller: string | null;
  categories: TicketCategory[];
  tickets: OfficeTicketView[];
  holdMinutes: number;
}

/** What a ticket leaves to buyers at `now`: its quota (or the event's attendees left) minus the places taken. */
async function remainingPlaces(
  db: Knex,
  event: Pick<Event, "id" | "maxAttendees">,
  tickets: readonly Ticket[],
  now: Date,
): Promise<Map<string, number | null>> {
  const taken = await placesTaken(db, event.id, new Map(tickets.map((ticket) => [ticket.id, ticket])), now);
  const attendeesLeft =
    event.maxAttendees === null ? null : Math.max(0, event.maxAttendees - (await attendeesTaken(db, event.id, now)));
  return new Map(
    tickets.map((ticket) => {
      const own = ticket.maxQuantity === null ? null : Math.max(0, ticket.maxQuantity - (taken.get(ticket.id) ?? 0));
      const event = ticket.isOption ? null : attendeesLeft;
      return [ticket.id, own === null ? event : event === null ? own : Math.min(own, event)];
    }),
  );
}

export async function viewTicketOffice(scope: Scope, slug: string): Promise<TicketOfficeView> {
  const { db } = scope;
  const event = await eventOfSlug(db, slug);
  const now = scope.clock.now();
  const { params, open } = await officeState(db, event.id, now);
  const mode = params?.mode ?? "test";
  const stripe = await stripeConfigFor(scope, event.accountId, mode);
  const seller = params?.organizerId
    ? await Organizer.query(db).findOne({ id: params.organizerId, accountId: event.accountId })
    : undefined;
  const base = {
    open,
    mode,
    paymentMethods: params?.paymentMethods ?? [],
    card: cardSetupOf(stripe),
    terms: params?.terms ?? null,
    seller: seller?.corporateName ?? null,
    holdMinutes: CART_HOLD_MINUTES,
  };
  if (!open) return { ...base, paymentMethods: [], card: null, categories: [], tickets: [] };
  const onSale = await Ticket.query(db).where({ eventId: event.id, isOnSale: true }).orderBy(["position", "id"]);
  const periods = onSale.length
    ? await TicketPricePeriod.query(db).whereIn(
        "ticketId",
        onSale.map((ticket) => ticket.id),
      )
    : [];
  const priced = onSale.flatMap((ticket) => {
    const own = periods.filter((period) => period.ticketId === ticket.id);
    const running = runningPeriod(own, now);
    return running ? [{ ticket, running, priceUntil: priceChangesAt(own, now) }] : [];
  });
  const remaining = await remainingPlaces(
    db,
    event,
    priced.map(({ ticket }) => ticket),
    now,
  );
  const categoryIds = new Set(priced.map(({ ticket }) => ticket.categoryId).filter((id) => id !== null));
  const categories = (await TicketCategory.query(db).where({ eventId: event.id }).orderBy(["position", "id"]))
    // The categories of the tickets offered, and the parents of their subcategories.
    .filter(
      (category, _, all) =>
        categoryIds.has(category.id) || all.some((c) => c.parentId === category.id && categoryIds.has(c.id)),
    );
  return {
    ...base,
    categories,
    tickets: priced.map(({ ticket, running, priceUntil }) => ({
      ticket,
      taxRateBp: taxRateBpOf(ticket),
      priceInclTaxCents: running.priceInclTaxCents,
      priceExclTaxCents: running.priceExclTaxCents,
      remaining: remaining.get(ticket.id) ?? null,
      priceUntil,
    })),
  };
}

/** A buyer's cart as the order pipeline takes it: lines of one ticket merged, each held by `holderGuestId`. */
export function wantedItems(cart: CartRequest, holderGuestId: string | null): WantedItem[] {
  const quantities = new Map<string, number>();
  for (const item of cart.items) quantities.set(item.ticketId, (quantities.get(item.ticketId) ?? 0) + item.quantity);
  // A guest holds one of a ticket; several units are bought without holders (a group, a company).
  return [...quantities].map(([ticketId, quantity]) => ({
    ticketId,
    quantity,
    holderGuestId: quantity === 1 ? holderGuestId : null,
  }));
}

/** The buyer of a quote nobody signed in for: a guest who holds nothing yet (an option alone is refused). */
const NOBODY = "00000000-0000-0000-0000-000000000000";

export interface Quote {
  priced: PricedOrder;
  captions: Map<string, string>;
}

/**
 * The cart priced as placing it would price it now, with the same refusals (422 for the items or a coupon at
 * `coupons.N`, 409 when the places are not there), nothing held. The signed-in guest's own tickets count (an
 * option added to a ticket they hold; a ticket they hold already).
 */
export async function quoteCart(
  scope: Scope,
  slug: string,
  cart: CartRequest,
  guestSessionToken: string | null,
): Promise<Quote> {
  const { db } = scope;
  const event = await eventOfSlug(db, slug);
  const now = scope.clock.now();
  if (!(await officeState(db, event.id, now)).open) throw new AppError("ticket_office_closed", 409);
  const guest = guestSessionToken ? await findSessionGuest(db, event.id, guestSessionToken, now) : null;
  const items = wantedItems(cart, guest?.id ?? null);
  const tickets = new Map(
    (
      await Ticket.query(db)
        .where({ eventId: event.id })
        .whereIn(
          "id",
          items.map((item) => item.ticketId),
        )
    ).map((ticket) => [ticket.id, ticket]),
  );
  await checkItems(db, event, tickets, { guestId: guest?.id ?? NOBODY, items, byOrganizer: false }, now);
  const priced = await priceOrder(db, event.id, tickets, items, cart.coupons ?? [], now);
  return { priced, captions: new Map([...tickets.values()].map((ticket) => [ticket.id, ticket.caption])) };
}
