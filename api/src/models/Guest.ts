import type { AnswerValue, Civility, GuestSource, GuestStatus, MailStatus } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

export class Guest extends BaseModel {
  static override tableName = "guests";
  static override timestampAttributes = ["mailStatusAt", "unsubscribedAt", "registeredAt", "createdAt", "updatedAt"];
  static override booleanAttributes = ["listedConsent"];
  static override get jsonAttributes() {
    return ["answers"];
  }

  declare accountId: string;
  declare eventId: string;
  declare firstName: string | null;
  declare lastName: string | null;
  declare email: string | null;
  declare emailNormalized: string | null;
  declare civility: Civility | null;
  declare company: string | null;
  declare jobTitle: string | null;
  declare status: GuestStatus;
  declare mailStatus: MailStatus;
  declare mailStatusAt: Date | null;
  declare unsubscribedAt: Date | null;
  /** Custom-field answers by field id: each value's shape depends on the field's type (shared rules). */
  declare answers: Record<string, AnswerValue>;
  declare companionsExpected: number;
  declare godfatherId: string | null;
  declare createdSource: GuestSource;
  declare prescriber: string | null;
  declare language: string | null;
  declare registeredAt: Date | null;
  /** Agreed to appear on the event's attendees list, when the organizer publishes one. */
  declare listedConsent: boolean;
  declare searchText: string;
  /** Folded first|last name for duplicate detection (see derivedGuestColumns). */
  declare nameKey: string | null;
  declare importId: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  get fullName(): string {
    return [this.firstName, this.lastName].filter(Boolean).join(" ");
  }
}
