import type { Language, Role } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

/** An organizer user of one account, or a platform administrator (role administrator, no account). */
export class User extends BaseModel {
  static override tableName = "users";
  static override booleanAttributes = ["isActive"];
  static override timestampAttributes = [
    "createdAt",
    "updatedAt",
    "lastLoginAt",
    "registeredAt",
    "passwordChangedAt",
    "languageChosenAt",
  ];

  declare accountId: string | null;
  declare email: string;
  declare emailNormalized: string;
  declare firstName: string;
  declare lastName: string;
  declare role: Role;
  declare language: Language;
  /** When the user chose their language in their profile; until then, the sign-in page's language is theirs. */
  declare languageChosenAt: Date | null;
  declare passwordHash: string | null;
  declare passwordChangedAt: Date | null;
  declare lastLoginAt: Date | null;
  declare isActive: boolean;
  declare registeredAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  get isPlatformAdministrator(): boolean {
    return this.role === "administrator";
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
