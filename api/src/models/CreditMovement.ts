import type { CreditKind } from "@tessera/shared/rules/campaigns";
import type { CreditReason } from "@tessera/shared/rules/credits";
import { BaseModel } from "./BaseModel.ts";

/** One change of a credit pack's remaining credits, written with the change (migrations/20261202001000_credits.ts). */
export class CreditMovement extends BaseModel {
  static override tableName = "credit_movements";
  static override timestampAttributes = ["createdAt"];
  static override autoTimestamps = "created" as const;

  declare accountId: string;
  declare kind: CreditKind;
  declare packId: string;
  /** The calls of one operation (a debit over several packs) share it. */
  declare operationId: string;
  /** Credits added (+) or taken (-). */
  declare delta: number;
  declare reason: CreditReason;
  declare note: string | null;
  declare campaignId: string | null;
  declare recipientId: string | null;
  declare authorUserId: string | null;
  declare createdAt: Date;
}
