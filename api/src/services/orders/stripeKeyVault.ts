import { seal, unseal } from "../sealing.ts";

/**
 * Encryption at rest of the accounts' Stripe secret keys and webhook signing secrets (services/sealing.ts), bound
 * to the account, the mode and the kind of secret, so a row's ciphertext cannot be moved to another account or
 * column.
 */
const PURPOSE = "account-stripe-keys/v1";

export type StripeSecretKind = "secret_key" | "webhook_secret";

interface SecretPlace {
  accountId: string;
  mode: string;
  kind: StripeSecretKind;
}

const boundTo = ({ accountId, mode, kind }: SecretPlace) => `${accountId}:${mode}:${kind}`;

export function sealStripeSecret(serverSecret: string, where: SecretPlace, value: string): string {
  return seal(serverSecret, PURPOSE, boundTo(where), value);
}

/** Throws when the server's secret changed or the row was altered. */
export function openStripeSecret(serverSecret: string, where: SecretPlace, sealedText: string): string {
  return unseal(serverSecret, PURPOSE, boundTo(where), sealedText).toString("utf8");
}
