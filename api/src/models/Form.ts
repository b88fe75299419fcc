import type { FormItem, FormOptions, FormState, FormType } from "@tessera/shared";
import { BaseModel } from "./BaseModel.ts";

/** A form of an event (spec §3): its items are one JSON tree the builder reads and writes whole. */
export class Form extends BaseModel {
  static override tableName = "forms";
  static override timestampAttributes = ["createdAt", "updatedAt"];
  static override get jsonAttributes() {
    return ["items", "options"];
  }

  declare accountId: string;
  declare eventId: string;
  declare type: FormType;
  declare state: FormState;
  declare title: string;
  declare items: FormItem[];
  /** As stored: read it through formOptionsOf. */
  declare options: Partial<FormOptions>;
  declare createdBy: string | null;
  /** The terms PDF, when the form has one. */
  declare termsStorageKey: string | null;
  declare termsName: string | null;
  declare termsSize: number | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
