import { BaseModel } from "./BaseModel.ts";

export type SocialLinks = Partial<Record<"facebook" | "twitter" | "linkedin" | "youtube" | "instagram", string>>;

export class Event extends BaseModel {
  static override tableName = "events";
  static override booleanAttributes = ["isAllDay", "isArchived"];
  static override timestampAttributes = [
    "startsAt",
    "endsAt",
    "registrationClosesAt",
    "archivedAt",
    "createdAt",
    "updatedAt",
  ];
  static override get jsonAttributes() {
    return ["languages", "socialLinks", "whiteLabel", "modules"];
  }

  declare accountId: string;
  declare name: string;
  declare slug: string;
  declare startsAt: Date | null;
  declare endsAt: Date | null;
  declare isAllDay: boolean;
  declare timezone: string;
  declare venueName: string | null;
  declare address: string | null;
  declare country: string | null;
  declare latitude: number | null;
  declare longitude: number | null;
  declare moreInformation: string | null;
  declare registrationClosesAt: Date | null;
  declare maxAttendees: number | null;
  declare maxCompanions: number | null;
  declare languages: string[];
  declare socialLinks: SocialLinks;
  declare bannerImageId: string | null;
  declare logoImageId: string | null;
  declare faviconImageId: string | null;
  declare whiteLabel: Record<string, boolean>;
  declare modules: Record<string, boolean>;
  declare retentionDays: number | null;
  declare maxOfflineCheckinSessions: number | null;
  declare isArchived: boolean;
  declare archivedAt: Date | null;
  declare createdBy: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
