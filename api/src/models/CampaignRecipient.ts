import type { CampaignRecipientStatus } from "@tessera/shared/rules/campaigns";
import { BaseModel } from "./BaseModel.ts";

/** One recipient of a campaign's send: the ledger row its message is sent, retried and accounted by. */
export class CampaignRecipient extends BaseModel {
  static override tableName = "campaignRecipients";
  static override timestampAttributes = ["createdAt", "updatedAt", "sentAt"];

  declare accountId: string;
  declare eventId: string;
  declare campaignId: string;
  /** Null once the guest was deleted. */
  declare guestId: string | null;
  declare email: string;
  declare language: string;
  declare status: CampaignRecipientStatus;
  declare attempts: number;
  declare lastError: string | null;
  declare messageId: string | null;
  declare sentAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
