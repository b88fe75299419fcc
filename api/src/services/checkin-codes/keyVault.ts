import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encryption at rest of the events' signing keys: AES-256-GCM under a key derived (HKDF-SHA256) from the
 * server's secret (TESSERA_SECRET), bound to the key's event and number so a row's ciphertext cannot be
 * moved to another row. The database alone never gives a private key.
 */
const VERSION = "v1";

function vaultKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "tessera", "guest-code-signing-keys/v1", 32));
}

function boundTo(eventId: string, number: number): Buffer {
  return Buffer.from(`${eventId}:${number}`);
}

export function sealPrivateKey(secret: string, eventId: string, number: number, privateKey: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", vaultKey(secret), iv);
  cipher.setAAD(boundTo(eventId, number));
  const sealed = Buffer.concat([iv, cipher.update(privateKey), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${sealed.toString("base64url")}`;
}

/** Throws when the secret changed or the row was altered. */
export function openPrivateKey(secret: string, eventId: string, number: number, sealedText: string): Uint8Array {
  const [version, body] = sealedText.split(".");
  if (version !== VERSION || !body) throw new Error("unknown signing key encryption");
  const sealed = Buffer.from(body, "base64url");
  const iv = sealed.subarray(0, 12);
  const tag = sealed.subarray(sealed.length - 16);
  const decipher = createDecipheriv("aes-256-gcm", vaultKey(secret), iv);
  decipher.setAAD(boundTo(eventId, number));
  decipher.setAuthTag(tag);
  return new Uint8Array(Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]));
}
