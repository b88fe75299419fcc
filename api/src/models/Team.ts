import { BaseModel } from "./BaseModel.ts";

export class Team extends BaseModel {
  static override tableName = "teams";
  static override timestampAttributes = ["createdAt", "updatedAt"];

  accountId!: string;
  name!: string;
  description!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
}
