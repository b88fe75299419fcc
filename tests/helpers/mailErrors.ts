import type { Db } from "../../api/src/db/knex.ts";
import { MailError } from "../../api/src/models/MailError.ts";

let counter = 0;

/** A mail error of the account straight in the database (no audit): a hard bounce from a DSN unless told. */
export async function buildMailError(
  db: Db,
  accountId: string,
  overrides: Partial<MailError> = {},
): Promise<MailError> {
  const now = new Date();
  counter += 1;
  return MailError.query(db).insertAndFetch({
    accountId,
    email: `bounced-${Date.now().toString(36)}-${counter}@example.net`,
    kind: "hard_bounce",
    reason: "5.1.1 550 User unknown",
    source: "dsn",
    campaignId: null,
    occurrences: 1,
    lastSeenAt: now,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  });
}
