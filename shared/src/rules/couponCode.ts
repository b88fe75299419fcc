/**
 * The coupon code rule of spec §5 and §9: 1 to 15 characters, no whitespace. Characters are counted as
 * Unicode code points (an emoji is one character), the way a person counts them. Codes are kept as typed:
 * this rule neither trims nor changes case (a code with a space around it is refused, not repaired).
 *
 * Spec §9 states no other ticketing limit (it shows no fees or tax rates); the numeric bounds of prices, tax
 * rates and quantities are ours and live in ../ticketing/money.ts.
 */

export const COUPON_CODE_MIN_LENGTH = 1;
export const COUPON_CODE_MAX_LENGTH = 15;
/** For schemas (ajv compiles patterns with the u flag): 1 to 15 characters, none of them whitespace. */
export const COUPON_CODE_PATTERN = "^\\S{1,15}$";

export function isValidCouponCode(code: string): boolean {
  const length = [...code].length;
  return length >= COUPON_CODE_MIN_LENGTH && length <= COUPON_CODE_MAX_LENGTH && !/\s/u.test(code);
}
