import { createHash } from "node:crypto";
import type { CustomField } from "../../../models/CustomField.ts";
import type { PlanFacts } from "../../../models/GuestImport.ts";
import { BloomFilter } from "./bloomFilter.ts";
import type { ValidRow } from "./validateRow.ts";

/** The custom fields as far as checking a row depends on them: any change makes earlier facts stale. */
export function fieldsFingerprint(fields: readonly CustomField[]): string {
  const relevant = fields.map((field) => [field.id, field.type, field.isRequired, field.options, field.rules]);
  return createHash("sha256").update(JSON.stringify(relevant)).digest("base64url");
}

/**
 * Collects, row by valid row (in the mapping step, and in the job when it must read the file again), the emails on several rows (a fixed-size filter finds the candidates; a few
 * single ones may be among them: harmless) and the rows without an email.
 */
export class RowFacts {
  readonly repeatedEmails = new Map<string, number>();
  namelessRows = 0;
  private readonly seen = new BloomFilter();

  /** Records a valid row; returns whether it has no email. */
  add(row: ValidRow): boolean {
    if (!row.emailNormalized) {
      this.namelessRows += 1;
      return true;
    }
    if (this.seen.add(row.emailNormalized)) this.repeatedEmails.set(row.emailNormalized, row.line);
    return false;
  }

  facts(fields: readonly CustomField[]): PlanFacts {
    return {
      fields: fieldsFingerprint(fields),
      repeatedEmails: [...this.repeatedEmails],
      namelessRows: this.namelessRows,
    };
  }
}
