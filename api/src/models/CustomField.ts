import type { CustomFieldOption, CustomFieldRules, CustomFieldType } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

export class CustomField extends BaseModel {
  static override tableName = "custom_fields";
  static override booleanAttributes = ["isRequired", "isReadOnly"];
  static override timestampAttributes = ["createdAt", "updatedAt"];
  static override get jsonAttributes() {
    return ["options", "rules"];
  }

  accountId!: string;
  eventId!: string;
  name!: string;
  label!: string;
  helpText!: string | null;
  type!: CustomFieldType;
  isRequired!: boolean;
  isReadOnly!: boolean;
  options!: CustomFieldOption[];
  rules!: CustomFieldRules;
  position!: number;
  createdAt!: Date;
  updatedAt!: Date;
}
