import { isApiError } from "@tessera/shared/client";

/** An account a password opens, as the sign-in offers it when it opens several. */
export interface AccountOption {
  /** null: platform administration. */
  id: string | null;
  name: string;
}

/** The radio value of platform administration, which has no account id. */
export const PLATFORM_CHOICE = "platform";

function isAccountOption(value: unknown): value is AccountOption {
  if (typeof value !== "object" || value === null) return false;
  const { id, name } = value as Record<string, unknown>;
  return (id === null || typeof id === "string") && typeof name === "string";
}

/** The accounts to choose from when the API answered 409 account_choice_required; null for any other outcome. */
export function accountsToChooseFrom(error: unknown): AccountOption[] | null {
  if (!isApiError(error) || error.code !== "account_choice_required") return null;
  const accounts = error.info.accounts;
  return Array.isArray(accounts) ? accounts.filter(isAccountOption) : null;
}

export const choiceValue = (option: AccountOption): string => option.id ?? PLATFORM_CHOICE;

/** The accountId a radio value stands for. */
export const accountIdOf = (value: string): string | null => (value === PLATFORM_CHOICE ? null : value);
