import type { CampaignRecipientStatus } from "@tessera/shared/rules/campaigns";
import { BaseModel } from "./BaseModel.ts";

/** One recipient of a campaign's send: the ledger row its message is sent, retried and accounted by. */
export class CampaignRecipient extends BaseModel {
  static override tableName = "campaignRecipients";
  static override timestampAttributes = [
    "createdAt",
    "updatedAt",
    "sentAt",
    "deliveredAt",
    "openedAt",
    "clickedAt",
    "unsubscribedAt",
    "bouncedAt",
    "claimedAt",
  ];

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
  /** What its links, open pixel, unsubscribe link and return path carry (random, unguessable). */
  declare token: string | null;
  /** The first of each, by a person (machine opens and clicks are only campaign_events). */
  declare deliveredAt: Date | null;
  declare openedAt: Date | null;
  declare clickedAt: Date | null;
  declare unsubscribedAt: Date | null;
  declare bouncedAt: Date | null;
  /** When a sender took it (status sending); an old claim is a dead sender's. */
  declare claimedAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
