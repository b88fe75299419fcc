import { isApiError } from "@tessera/shared/client";
import type { CartRequest, OfficeTicketJson, TicketOfficeJson } from "@/queries/ticketOffice.ts";

/*
 * The tickets a guest chooses with their registration (spec §2 the ticket office in the registration form; §3 an
 * option is bought only with a ticket that is not one): pure, tested on its own.
 */

/** What the guest chose: a quantity by ticket id, the coupons the quote took. */
export interface CartChoice {
  quantities: Record<string, number>;
  coupons: string[];
}

export const EMPTY_CART: CartChoice = { quantities: {}, coupons: [] };

/** The most of one ticket a cart asks for (the API's CartRequest maximum). */
export const LINE_MAX = 100;

/** How many of a ticket the guest may still choose: its places left (none when sold out), at most LINE_MAX. */
export function maxQuantity(ticket: Pick<OfficeTicketJson, "remaining">): number {
  return Math.max(0, Math.min(ticket.remaining ?? LINE_MAX, LINE_MAX));
}

/** The cart as the API takes it: the tickets chosen in the office's order, the coupons when there are some. */
export function cartRequest(office: Pick<TicketOfficeJson, "tickets">, choice: CartChoice): CartRequest {
  const items = office.tickets
    .map((ticket) => ({ ticketId: ticket.id, quantity: choice.quantities[ticket.id] ?? 0 }))
    .filter((item) => item.quantity > 0);
  return { items, ...(choice.coupons.length ? { coupons: choice.coupons } : {}) };
}

/** The choice with one ticket's quantity set (kept between 0 and what is left). */
export function withQuantity(choice: CartChoice, ticket: OfficeTicketJson, quantity: number): CartChoice {
  const kept = Math.max(0, Math.min(Math.floor(Number.isFinite(quantity) ? quantity : 0), maxQuantity(ticket)));
  const quantities = { ...choice.quantities };
  if (kept > 0) quantities[ticket.id] = kept;
  else delete quantities[ticket.id];
  return { ...choice, quantities };
}

/** Options chosen without a ticket that is not one: the cart is refused (spec §3), so the form says it first. */
export function hasOptionAlone(office: Pick<TicketOfficeJson, "tickets">, choice: CartChoice): boolean {
  const chosen = office.tickets.filter((ticket) => (choice.quantities[ticket.id] ?? 0) > 0);
  return chosen.some((ticket) => ticket.isOption) && !chosen.some((ticket) => !ticket.isOption);
}

export interface TicketGroup {
  /** The category's id; null for the tickets of no category. */
  id: string | null;
  /** "Parent › Child" for a subcategory; null for the tickets of no category. */
  name: string | null;
  tickets: OfficeTicketJson[];
}

/**
 * The tickets by category in the office's order of categories (a subcategory after its parent, named with it),
 * the tickets of no category last; categories with no ticket on sale left out. Options come after the tickets
 * of their group.
 */
export function ticketGroups(office: Pick<TicketOfficeJson, "tickets" | "categories">): TicketGroup[] {
  const byId = new Map(office.categories.map((category) => [category.id, category]));
  const nameOf = (id: string): string => {
    const category = byId.get(id)!;
    return category.parentId && byId.has(category.parentId)
      ? `${nameOf(category.parentId)} › ${category.name}`
      : category.name;
  };
  const ordered = (tickets: OfficeTicketJson[]) => [...tickets].sort((a, b) => Number(a.isOption) - Number(b.isOption));
  const groups: TicketGroup[] = office.categories
    .map((category) => ({
      id: category.id,
      name: nameOf(category.id),
      tickets: ordered(office.tickets.filter((ticket) => ticket.categoryId === category.id)),
    }))
    .filter((group) => group.tickets.length > 0);
  const loose = office.tickets.filter((ticket) => !ticket.categoryId || !byId.has(ticket.categoryId));
  if (loose.length) groups.push({ id: null, name: null, tickets: ordered(loose) });
  return groups;
}

/** A coupon as typed, without the spaces a paste leaves around it (codes have none: shared's couponCode rule). */
export function normalizedCoupon(code: string): string {
  return code.trim();
}

/**
 * The API's refusal of a coupon of the cart (422 at `coupons.N`, or `order.coupons.N` from the registration): its
 * index and message; null for any other refusal.
 */
export function couponRefusal(error: unknown): { index: number; message: string } | null {
  if (!isApiError(error)) return null;
  for (const detail of error.details) {
    const match = /^(?:order\.)?coupons\.(\d+)$/.exec(detail.field);
    if (match) return { index: Number(match[1]), message: detail.message };
  }
  return null;
}

/** What to say of a refused quote: its first detail's message (a coupon, an option alone), else its message. */
export function quoteRefusalText(error: unknown): string | null {
  if (!isApiError(error)) return null;
  return error.details[0]?.message ?? error.message;
}
