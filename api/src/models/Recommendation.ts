import type { RecommendationStatus } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

/** A guest recommends someone; an organizer accepts (the person becomes a guest) or refuses. */
export class Recommendation extends BaseModel {
  static override tableName = "recommendations";
  static override timestampAttributes = ["decidedAt", "createdAt", "updatedAt"];

  accountId!: string;
  eventId!: string;
  recommenderGuestId!: string;
  firstName!: string | null;
  lastName!: string | null;
  email!: string;
  company!: string | null;
  status!: RecommendationStatus;
  guestId!: string | null;
  decidedAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;
}
