import type { CampaignLanguage, CampaignState, CampaignType } from "@tessera/shared/rules/campaigns";
import type { CampaignAudience, CampaignContentByLanguage } from "@tessera/shared/schemas/campaigns";
import { BaseModel } from "./BaseModel.ts";

/** An email campaign of an event (spec §3 Campaign, §4 states); its recipients live in `campaign_recipients`. */
export class Campaign extends BaseModel {
  static override tableName = "campaigns";
  static override timestampAttributes = [
    "createdAt",
    "updatedAt",
    "sendAt",
    "sentAt",
    "ledgerFilledAt",
    "startedAt",
    "finishedAt",
    "cancelledAt",
  ];
  static override get jsonAttributes() {
    return ["content", "audience"];
  }

  declare accountId: string;
  declare eventId: string;
  declare name: string;
  declare type: CampaignType;
  declare state: CampaignState;
  declare subject: string;
  declare fromName: string;
  /** One of the account's verified senders; null until chosen. */
  declare fromEmail: string | null;
  declare replyEmail: string | null;
  declare previewText: string | null;
  /** The content's language for recipients whose language it has no version in. */
  declare language: CampaignLanguage;
  /** The editor's document per language (its shape: shared/src/campaigns/content.ts). */
  declare content: CampaignContentByLanguage;
  /** Thank and custom campaigns: which guests; null: the type's own rule. */
  declare audience: CampaignAudience | null;
  /** The sending date: when a scheduled campaign goes out. */
  declare sendAt: Date | null;
  declare sentAt: Date | null;
  /** When its send started and when every recipient had been tried; when it was last cancelled (scheduled). */
  declare startedAt: Date | null;
  declare finishedAt: Date | null;
  declare cancelledAt: Date | null;
  /** When its sender finished writing its ledger (one row per recipient); null before: it cannot finish yet. */
  declare ledgerFilledAt: Date | null;
  /** Why its send is paused (e.g. not_enough_credits); null while it goes on. */
  declare sendError: string | null;
  /** Fixed when the send starts: who it went to and what it cost. */
  declare recipientsCount: number | null;
  declare creditsRequired: number | null;
  declare createdBy: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
