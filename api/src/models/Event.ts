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

  accountId!: string;
  name!: string;
  slug!: string;
  startsAt!: Date | null;
  endsAt!: Date | null;
  isAllDay!: boolean;
  timezone!: string;
  venueName!: string | null;
  address!: string | null;
  country!: string | null;
  latitude!: number | null;
  longitude!: number | null;
  moreInformation!: string | null;
  registrationClosesAt!: Date | null;
  maxAttendees!: number | null;
  maxCompanions!: number | null;
  languages!: string[];
  socialLinks!: SocialLinks;
  bannerImageId!: string | null;
  logoImageId!: string | null;
  faviconImageId!: string | null;
  whiteLabel!: Record<string, boolean>;
  modules!: Record<string, boolean>;
  retentionDays!: number | null;
  maxOfflineCheckinSessions!: number | null;
  isArchived!: boolean;
  archivedAt!: Date | null;
  createdBy!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
}
