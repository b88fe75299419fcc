import type { Language, Role } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

/** An organizer user of one account, or a platform administrator (role administrator, no account). */
export class User extends BaseModel {
  static override tableName = "users";
  static override booleanAttributes = ["isActive"];
  static override timestampAttributes = ["createdAt", "updatedAt", "lastLoginAt", "registeredAt", "passwordChangedAt"];

  accountId!: string | null;
  email!: string;
  emailNormalized!: string;
  firstName!: string;
  lastName!: string;
  role!: Role;
  language!: Language;
  passwordHash!: string | null;
  passwordChangedAt!: Date | null;
  lastLoginAt!: Date | null;
  isActive!: boolean;
  registeredAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;

  get isPlatformAdministrator(): boolean {
    return this.role === "administrator";
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
