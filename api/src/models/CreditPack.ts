import type { CreditKind } from "@tessera/shared/rules/campaigns";
import { BaseModel } from "./BaseModel.ts";

/** Credits a platform administrator added to an account (migrations/20261202001000_credits.ts). */
export class CreditPack extends BaseModel {
  static override tableName = "credit_packs";
  static override timestampAttributes = ["expiresAt", "createdAt", "updatedAt"];

  declare accountId: string;
  declare kind: CreditKind;
  declare amount: number;
  declare remaining: number;
  /** When the pack stops being usable: the end of its expiry day (UTC). */
  declare expiresAt: Date;
  declare authorUserId: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
