import type { CampaignEventKind } from "@tessera/shared/rules/campaigns";
import { BaseModel } from "./BaseModel.ts";

/** Something that happened to a recipient's message: an open, a click, a delivery, a bounce … (a person's or a machine's). */
export class CampaignEvent extends BaseModel {
  static override tableName = "campaignEvents";
  static override autoTimestamps = "created" as const;
  static override booleanAttributes = ["machine"];
  static override timestampAttributes = ["createdAt"];

  declare accountId: string;
  declare eventId: string;
  declare campaignId: string;
  declare recipientId: string;
  declare kind: CampaignEventKind;
  /** A privacy proxy's prefetch, a link scanner's visit …: not a person. */
  declare machine: boolean;
  declare linkIndex: number | null;
  declare detail: string | null;
  declare createdAt: Date;
}
