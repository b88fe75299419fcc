import { BaseModel } from "./BaseModel.ts";

export class Team extends BaseModel {
  static override tableName = "teams";
  static override timestampAttributes = ["createdAt", "updatedAt"];

  declare accountId: string;
  declare name: string;
  declare description: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
