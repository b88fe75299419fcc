import type { CustomFieldOption, CustomFieldRules, CustomFieldType } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

export class CustomField extends BaseModel {
  static override tableName = "custom_fields";
  static override booleanAttributes = ["isRequired", "isReadOnly"];
  static override timestampAttributes = ["createdAt", "updatedAt"];
  static override get jsonAttributes() {
    return ["options", "rules"];
  }

  declare accountId: string;
  declare eventId: string;
  declare name: string;
  declare label: string;
  declare helpText: string | null;
  declare type: CustomFieldType;
  declare isRequired: boolean;
  declare isReadOnly: boolean;
  declare options: CustomFieldOption[];
  declare rules: CustomFieldRules;
  declare position: number;
  declare createdAt: Date;
  declare updatedAt: Date;
}
