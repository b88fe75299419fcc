/**
 * The credentials of a sign-in waiting for its emailed code. Kept in memory only (never in the
 * history state or storage): a reload sends the user back to the sign-in page.
 */
export interface PendingSecondFactor {
  email: string;
  password: string;
  /** The account chosen when the password opens several (null: platform administration). */
  accountId?: string | null;
  next: string | null;
}

let pending: PendingSecondFactor | null = null;

export function rememberPendingSecondFactor(value: PendingSecondFactor): void {
  pending = value;
}

export function pendingSecondFactor(): PendingSecondFactor | null {
  return pending;
}

export function forgetPendingSecondFactor(): void {
  pending = null;
}
