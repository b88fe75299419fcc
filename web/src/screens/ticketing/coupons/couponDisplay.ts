import type { Language } from "@tessera/shared/i18n/languages";
import { knownTimeZone } from "@tessera/shared/timeZones";
import { formatMoney } from "@/app/formatMoney.ts";
import type { CouponJson } from "@/queries/ticketingCoupons.ts";
import { TICKETING_CURRENCY } from "../prices.ts";

/** A coupon's discount as the list shows it: "€5.00" off, or "10%" ("10 %" in French). */
export function discountText(coupon: Pick<CouponJson, "amountOffCents" | "percentOffBp">, language: Language): string {
  if (coupon.amountOffCents !== null) return formatMoney(coupon.amountOffCents, TICKETING_CURRENCY, language);
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(
    (coupon.percentOffBp ?? 0) / 10_000,
  );
}

/** A date of the event (a redeem-by date, when sales started) read in its time zone; null when there is none. */
export function zonedDateTimeText(instant: string | null, language: string, timeZone: string): string | null {
  if (!instant) return null;
  return new Intl.DateTimeFormat(language, {
    timeZone: knownTimeZone(timeZone),
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(instant));
}
