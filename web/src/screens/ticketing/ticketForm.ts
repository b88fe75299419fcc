import { fromZonedInput, toZonedInput } from "@/app/zonedTime.ts";
import type { TicketCreateBody, TicketJson } from "@/queries/ticketing.ts";
import { amountToCents, basisPointsToPercent, centsToAmount, percentToBasisPoints, type PriceBasis } from "./prices.ts";

/**
 * A price period as the form holds it: wall-clock date-times of the event's time zone (an
 * <input type="datetime-local">, app/zonedTime.ts, as every date of an event) and typed text.
 */
export interface PeriodValues {
  key: string;
  startsAt: string;
  endsAt: string;
  basis: PriceBasis;
  amount: string;
}

export interface TicketValues {
  caption: string;
  description: string;
  noVat: boolean;
  taxRate: string;
  maxQuantity: string;
  isOption: boolean;
  isOnSale: boolean;
  categoryId: string;
  periods: PeriodValues[];
}

let nextKey = 0;
export const newPeriodKey = () => `period-${++nextKey}`;

/** A new ticket: 20 % VAT, on sale, one period from now priced after taxes. */
export function emptyTicketValues(language: string, timeZone: string): TicketValues {
  return {
    caption: "",
    description: "",
    noVat: false,
    taxRate: basisPointsToPercent(2000, language),
    maxQuantity: "",
    isOption: false,
    isOnSale: true,
    categoryId: "",
    periods: [
      {
        key: newPeriodKey(),
        startsAt: toZonedInput(new Date().toISOString(), timeZone),
        endsAt: "",
        basis: "includingTax",
        amount: "",
      },
    ],
  };
}

/** A ticket's values in the form; each period shows its price after taxes (the API keeps both). */
export function ticketValues(ticket: TicketJson, language: string, timeZone: string): TicketValues {
  return {
    caption: ticket.caption,
    description: ticket.description ?? "",
    noVat: ticket.taxRateBp === null,
    taxRate: ticket.taxRateBp === null ? "" : basisPointsToPercent(ticket.taxRateBp, language),
    maxQuantity: ticket.maxQuantity === null ? "" : String(ticket.maxQuantity),
    isOption: ticket.isOption,
    isOnSale: ticket.isOnSale,
    categoryId: ticket.categoryId ?? "",
    periods: ticket.pricePeriods.map((period) => ({
      key: newPeriodKey(),
      startsAt: toZonedInput(period.startsAt, timeZone),
      endsAt: toZonedInput(period.endsAt, timeZone),
      basis: "includingTax",
      amount: centsToAmount(period.priceInclTaxCents, language),
    })),
  };
}

/** The tax rate the values give: basis points, null for no VAT, undefined when the percent cannot be read. */
export function taxRateOf(
  values: Pick<TicketValues, "noVat" | "taxRate">,
  language: string,
): number | null | undefined {
  return values.noVat ? null : percentToBasisPoints(values.taxRate, language);
}

/** The body the API takes; the form's validation has checked every field before. */
export function ticketBody(values: TicketValues, language: string, timeZone: string): TicketCreateBody {
  const taxRateBp = taxRateOf(values, language) ?? null;
  return {
    caption: values.caption.trim(),
    description: values.description.trim() || null,
    taxRateBp,
    maxQuantity: values.maxQuantity.trim() ? Number(values.maxQuantity) : null,
    isOption: values.isOption,
    isOnSale: values.isOnSale,
    categoryId: values.categoryId || null,
    pricePeriods: values.periods.map((period) => {
      const cents = amountToCents(period.amount, language) ?? 0;
      return {
        startsAt: fromZonedInput(period.startsAt, timeZone) ?? "",
        endsAt: fromZonedInput(period.endsAt, timeZone),
        ...(period.basis === "includingTax" ? { priceInclTaxCents: cents } : { priceExclTaxCents: cents }),
      };
    }),
  };
}
