import { priceExcludingTax, priceIncludingTax, TAX_RATE_BP_MAX } from "@tessera/shared/ticketing/money";
import { TICKET_PRICE_CENTS_MAX } from "@tessera/shared/schemas/ticketing";
import { runningPeriod } from "@tessera/shared/ticketing/pricePeriods";

/*
 * The arithmetic of the Tickets screen's form: what the organizer types (a tax rate in percent, a price in euros
 * in their language's notation) to what the API takes (basis points, integer cents) and back. Rounding of prices
 * is shared's money arithmetic only: a price given after taxes shows the price before taxes it derives, and the
 * other way round, exactly as the API will store it.
 */

/** Ticketing's prices are in euros (spec §3: "amount off in euros"); shown with app/formatMoney.ts. */
export const TICKETING_CURRENCY = "EUR";

/** The decimal separator of a language ("," in French and Spanish, "." in English). */
function decimalSeparator(language: string): string {
  return new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";
}

/**
 * A number typed with at most `decimals` decimals, with "." or the language's separator, as an integer number of
 * hundredths (for decimals ≤ 2); undefined when it is not such a number. Spaces (thousands) are ignored.
 */
function parseHundredths(text: string, language: string): number | undefined {
  const separator = decimalSeparator(language);
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, "").replace(separator, ".");
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return undefined;
  const [, units = "0", decimals = ""] = match;
  const value = Number(units) * 100 + Number(decimals.padEnd(2, "0"));
  return Number.isSafeInteger(value) ? value : undefined;
}

/**
 * A count typed in a ticketing form (a line's quantity, units to refund, a coupon's redemptions): a whole number
 * from `min` to `max`, spaces around it ignored; undefined otherwise.
 */
export function wholeNumberIn(text: string, min: number, max: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : undefined;
}

/** "20" → 2000, "5,5" → 550 (basis points); undefined when it is not a percent from 0 to 100 with ≤ 2 decimals. */
export function percentToBasisPoints(text: string, language: string): number | undefined {
  const value = parseHundredths(text, language);
  return value !== undefined && value <= TAX_RATE_BP_MAX ? value : undefined;
}

/** 550 → "5.5" in English, "5,5" in French: the percent as the form shows it to be edited. */
export function basisPointsToPercent(taxRateBp: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2, useGrouping: false }).format(taxRateBp / 100);
}

/** "12,50" → 1250 (cents); undefined when it is not an amount from 0 to the catalogue's largest price. */
export function amountToCents(text: string, language: string): number | undefined {
  const value = parseHundredths(text, language);
  return value !== undefined && value <= TICKET_PRICE_CENTS_MAX ? value : undefined;
}

/** 1250 → "12.50" in English, "12,50" in French: an amount as the form shows it to be edited. */
export function centsToAmount(cents: number, language: string): string {
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(cents / 100);
}

/** Which price of a period the organizer gives; the other is derived. */
export type PriceBasis = "excludingTax" | "includingTax";

/**
 * The price a period's given price derives with the ticket's tax rate (null: no VAT, the same price): the price
 * before taxes of a price after taxes, or the other way round — what the API will store.
 */
export function derivedPriceCents(givenCents: number, basis: PriceBasis, taxRateBp: number | null): number {
  return basis === "includingTax" ? priceExcludingTax(givenCents, taxRateBp) : priceIncludingTax(givenCents, taxRateBp);
}

/**
 * The price period the Tickets list shows: the one buyers pay at `now` (the latest started of those running, as
 * the ticket office and the order pricing read them), else the first.
 */
export function shownPeriod<P extends { startsAt: string; endsAt: string | null }>(
  periods: readonly P[],
  now: Date,
): P | undefined {
  const spans = periods.map((period) => ({
    period,
    startsAt: new Date(period.startsAt),
    endsAt: period.endsAt ? new Date(period.endsAt) : null,
  }));
  return runningPeriod(spans, now)?.period ?? periods[0];
}
