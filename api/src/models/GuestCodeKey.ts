import { BaseModel } from "./BaseModel.ts";

/** One of an event's Ed25519 keys that sign guests' entry codes; the private key only encrypted (keyVault.ts). */
export class GuestCodeKey extends BaseModel {
  static override tableName = "guest_code_keys";
  static override timestampAttributes = ["createdAt", "retiredAt"];
  static override autoTimestamps = "created" as const;

  declare accountId: string;
  declare eventId: string;
  /** The key id codes carry: 1, 2, … one per rotation of the event's key. */
  declare number: number;
  /** base64url of the 32-byte public key. */
  declare publicKey: string;
  declare privateKeyEncrypted: string;
  declare createdAt: Date;
  /** From then on its codes no longer verify. */
  declare retiredAt: Date | null;
}
