import { seal, unseal } from "../sealing.ts";

/**
 * Encryption at rest of the events' signing keys (services/sealing.ts), bound to the key's event and number so a
 * row's ciphertext cannot be moved to another row. The database alone never gives a private key.
 */
const PURPOSE = "guest-code-signing-keys/v1";

export function sealPrivateKey(secret: string, eventId: string, number: number, privateKey: Uint8Array): string {
  return seal(secret, PURPOSE, `${eventId}:${number}`, privateKey);
}

/** Throws when the secret changed or the row was altered. */
export function openPrivateKey(secret: string, eventId: string, number: number, sealedText: string): Uint8Array {
  return new Uint8Array(unseal(secret, PURPOSE, `${eventId}:${number}`, sealedText));
}
