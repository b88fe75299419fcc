import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encryption at rest of the accounts' Stripe secret keys and webhook signing secrets: AES-256-GCM under a key
 * derived (HKDF-SHA256) from the server's secret (TESSERA_SECRET), bound to the account, the mode and the
 * kind of secret, so a row's ciphertext cannot be moved to another account or column. The way the events'
 * signing keys are kept (checkin-codes/keyVault.ts), with its own derived key.
 */
const VERSION = "v1";

export type StripeSecretKind = "secret_key" | "webhook_secret";

function vaultKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", serverSecret, "tessera", "account-stripe-keys/v1", 32));
}

const boundTo = (accountId: string, mode: string, kind: StripeSecretKind) =>
  Buffer.from(`${accountId}:${mode}:${kind}`);

export function sealStripeSecret(
  serverSecret: string,
  where: { accountId: string; mode: string; kind: StripeSecretKind },
  value: string,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", vaultKey(serverSecret), iv);
  cipher.setAAD(boundTo(where.accountId, where.mode, where.kind));
  const sealed = Buffer.concat([iv, cipher.update(value, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${sealed.toString("base64url")}`;
}

/** Throws when the server's secret changed or the row was altered. */
export function openStripeSecret(
  serverSecret: string,
  where: { accountId: string; mode: string; kind: StripeSecretKind },
  sealedText: string,
): string {
  const [version, body] = sealedText.split(".");
  if (version !== VERSION || !body) throw new Error("unknown Stripe secret encryption");
  const sealed = Buffer.from(body, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", vaultKey(serverSecret), sealed.subarray(0, 12));
  decipher.setAAD(boundTo(where.accountId, where.mode, where.kind));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]).toString("utf8");
}
