import type { EbadgeBlock, EbadgeFormat, EbadgeOrientation, Rule } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

/** An e-badge template of an event (spec §3 Ebadge): its page, background, blocks (in mm) and conditions. */
export class Ebadge extends BaseModel {
  static override tableName = "ebadges";
  static override timestampAttributes = ["createdAt", "updatedAt"];
  static override booleanAttributes = ["isEnabled"];
  static override get jsonAttributes() {
    return ["blocks", "conditions"];
  }

  declare accountId: string;
  declare eventId: string;
  declare name: string;
  declare format: EbadgeFormat;
  declare orientation: EbadgeOrientation;
  declare isEnabled: boolean;
  declare blocks: EbadgeBlock[];
  declare conditions: Rule | null;
  declare backgroundStorageKey: string | null;
  declare backgroundName: string | null;
  declare backgroundMimeType: string | null;
  declare backgroundSize: number | null;
  declare backgroundWidth: number | null;
  declare backgroundHeight: number | null;
  declare createdBy: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
