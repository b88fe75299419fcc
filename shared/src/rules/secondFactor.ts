/** Digits in an emailed second-factor code. */
export const SECOND_FACTOR_LENGTH = 6;
export const SECOND_FACTOR_VALID_MINUTES = 10;
