import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/*
 * Encryption at rest under the server's secret (TESSERA_SECRET): AES-256-GCM with a key derived (HKDF-SHA256)
 * for one purpose, and the row the value belongs to as associated data, so a ciphertext cannot be moved to
 * another row, column or purpose. The database alone never gives the value back. "v1.<base64url(iv|data|tag)>".
 */
const VERSION = "v1";

function purposeKey(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", serverSecret, "tessera", purpose, 32));
}

export function seal(serverSecret: string, purpose: string, boundTo: string, value: Uint8Array | string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", purposeKey(serverSecret, purpose), iv);
  cipher.setAAD(Buffer.from(boundTo));
  const data = typeof value === "string" ? Buffer.from(value, "utf8") : value;
  const sealed = Buffer.concat([iv, cipher.update(data), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${sealed.toString("base64url")}`;
}

/** Throws when the server's secret changed, or the value was altered or moved. */
export function unseal(serverSecret: string, purpose: string, boundTo: string, sealedText: string): Buffer {
  const [version, body] = sealedText.split(".");
  if (version !== VERSION || !body) throw new Error(`unknown encryption of a sealed value (${purpose})`);
  const sealed = Buffer.from(body, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", purposeKey(serverSecret, purpose), sealed.subarray(0, 12));
  decipher.setAAD(Buffer.from(boundTo));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]);
}
