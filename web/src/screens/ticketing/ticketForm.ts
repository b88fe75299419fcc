import type { TicketCreateBody, TicketJson } from "@/queries/ticketing.ts";
import { amountToCents, basisPointsToPercent, centsToAmount, percentToBasisPoints, type PriceBasis } from "./prices.ts";

/** A price period as the form holds it: local date-times (an <input type="datetime-local">) and typed text. */
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

/** An ISO instant as the value of a datetime-local input, in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (the browser's time zone) as an ISO instant; undefined when it is not a date. */
export function fromLocalInput(value: string): string | undefined {
  const date = new Date(value);
  return value && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
}

/** A new ticket: 20 % VAT, on sale, one period from now priced after taxes. */
export function emptyTicketValues(language: string): TicketValues {
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
        startsAt: toLocalInput(new Date().toISOString()),
        endsAt: "",
        basis: "includingTax",
        amount: "",
      },
    ],
  };
}

/** A ticket's values in the form; each period shows its price after taxes (the API keeps both). */
export function ticketValues(ticket: TicketJson, language: string): TicketValues {
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
      startsAt: toLocalInput(period.startsAt),
      endsAt: period.endsAt ? toLocalInput(period.endsAt) : "",
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
export function ticketBody(values: TicketValues, language: string): TicketCreateBody {
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
        startsAt: fromLocalInput(period.startsAt) ?? "",
        endsAt: fromLocalInput(period.endsAt) ?? null,
        ...(period.basis === "includingTax" ? { priceInclTaxCents: cents } : { priceExclTaxCents: cents }),
      };
    }),
  };
}
