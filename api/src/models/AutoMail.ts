import type { CampaignContent } from "@tessera/shared/campaigns/content";
import type { AutoMailKind, CampaignLanguage } from "@tessera/shared/rules/campaigns";
import { BaseModel } from "./BaseModel.ts";

/** An event's own wording of an automatic mail in one language (issue 15 item 7); the default applies without it. */
export class AutoMail extends BaseModel {
  static override tableName = "autoMails";
  static override booleanAttributes = ["enabled"];
  static override timestampAttributes = ["createdAt", "updatedAt"];
  static override get jsonAttributes() {
    return ["content"];
  }

  declare accountId: string;
  declare eventId: string;
  declare kind: AutoMailKind;
  declare language: CampaignLanguage;
  declare subject: string;
  declare content: CampaignContent;
  declare enabled: boolean;
  declare updatedBy: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
