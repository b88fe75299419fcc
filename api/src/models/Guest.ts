import type { AnswerValue, Civility, GuestSource, GuestStatus, MailStatus } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

export class Guest extends BaseModel {
  static override tableName = "guests";
  static override timestampAttributes = ["mailStatusAt", "unsubscribedAt", "registeredAt", "createdAt", "updatedAt"];
  static override get jsonAttributes() {
    return ["answers"];
  }

  accountId!: string;
  eventId!: string;
  firstName!: string | null;
  lastName!: string | null;
  email!: string | null;
  emailNormalized!: string | null;
  civility!: Civility | null;
  company!: string | null;
  jobTitle!: string | null;
  status!: GuestStatus;
  mailStatus!: MailStatus;
  mailStatusAt!: Date | null;
  unsubscribedAt!: Date | null;
  /** Custom-field answers by field id: each value's shape depends on the field's type (shared rules). */
  answers!: Record<string, AnswerValue>;
  companionsExpected!: number;
  godfatherId!: string | null;
  createdSource!: GuestSource;
  prescriber!: string | null;
  language!: string | null;
  registeredAt!: Date | null;
  searchText!: string;
  /** Folded first|last name for duplicate detection (see derivedGuestColumns). */
  nameKey!: string | null;
  importId!: string | null;
  createdAt!: Date;
  updatedAt!: Date;

  get fullName(): string {
    return [this.firstName, this.lastName].filter(Boolean).join(" ");
  }
}
