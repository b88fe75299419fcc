import type { WaitingListStatus } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

/** A guest waiting for a full answer of a form's question (waiting), who got it (promoted), or no longer waits. */
export class WaitingListEntry extends BaseModel {
  static override tableName = "waiting_list_entries";
  static override timestampAttributes = ["createdAt", "promotedAt"];
  static override autoTimestamps = "created" as const;

  declare accountId: string;
  declare eventId: string;
  declare formId: string;
  declare guestId: string;
  declare customFieldId: string;
  declare optionId: string;
  declare status: WaitingListStatus;
  /** The page's language when the guest joined (the promotion email's). */
  declare language: string;
  declare createdAt: Date;
  declare promotedAt: Date | null;
}
