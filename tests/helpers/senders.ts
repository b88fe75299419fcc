import type { Db } from "../../api/src/db/knex.ts";
import { SenderEmail } from "../../api/src/models/SenderEmail.ts";

/** The address campaigns of the tests are sent from. */
export const TEST_SENDER_EMAIL = "events@example.org";

/**
 * A verified sender of the account (campaigns go out only from one), straight in the database; the account's
 * existing row for the address when it has one, verified.
 */
export async function buildVerifiedSender(
  db: Db,
  accountId: string,
  email: string = TEST_SENDER_EMAIL,
): Promise<SenderEmail> {
  const address = email.toLowerCase();
  const existing = await SenderEmail.query(db).findOne({ accountId, email: address });
  if (existing?.verifiedAt) return existing;
  if (existing) return SenderEmail.query(db).patchAndFetchById(existing.id, { verifiedAt: new Date() });
  return SenderEmail.query(db).insertAndFetch({
    accountId,
    email: address,
    name: null,
    verifiedAt: new Date(),
    verificationTokenHash: null,
    verificationSentAt: null,
  });
}

/** A pending sender of the account (no link sent), straight in the database. */
export async function buildPendingSender(db: Db, accountId: string, email: string): Promise<SenderEmail> {
  return SenderEmail.query(db).insertAndFetch({
    accountId,
    email: email.toLowerCase(),
    name: null,
    verifiedAt: null,
    verificationTokenHash: null,
    verificationSentAt: null,
  });
}
