import type { RecommendationStatus } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

/** A guest recommends someone; an organizer accepts (the person becomes a guest) or refuses. */
export class Recommendation extends BaseModel {
  static override tableName = "recommendations";
  static override timestampAttributes = ["decidedAt", "createdAt", "updatedAt"];

  declare accountId: string;
  declare eventId: string;
  declare recommenderGuestId: string;
  declare firstName: string | null;
  declare lastName: string | null;
  declare email: string;
  declare company: string | null;
  declare status: RecommendationStatus;
  declare guestId: string | null;
  declare decidedAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
