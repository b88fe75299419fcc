import type { CheckinStatus, CheckinType, Rule } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

/** A check-in session of an event (spec §3): who it lets in (a rule), what its desks show, its options. */
export class Checkin extends BaseModel {
  static override tableName = "checkins";
  static override timestampAttributes = ["createdAt", "updatedAt"];
  static override booleanAttributes = ["multipleEntries", "reentryAfterExit", "exitScans"];
  static override get jsonAttributes() {
    return ["conditions", "displayedFields"];
  }

  declare accountId: string;
  declare eventId: string;
  declare name: string;
  declare type: CheckinType;
  declare status: CheckinStatus;
  /** A rule of the condition engine; null lets every confirmed guest in. */
  declare conditions: Rule | null;
  /** Guest columns (firstName …) and custom field ids, in the order the desk shows them. */
  declare displayedFields: string[];
  declare multipleEntries: boolean;
  declare reentryAfterExit: boolean;
  declare exitScans: boolean;
  declare createdBy: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
