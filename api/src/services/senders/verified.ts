import type { Knex } from "../../db/knex.ts";
import { SenderEmail } from "../../models/SenderEmail.ts";

/*
 * The account's sender emails (spec §3 sender email; issue 15 item 1): a campaign goes out only from one of the
 * account's addresses that has been verified. Addresses are stored lower-cased, so the lookup lower-cases too.
 */

/** The account's verified sender for `email` (any case), or null when it has none or it is not verified yet. */
export async function verifiedSender(
  db: Knex | Knex.Transaction,
  accountId: string,
  email: string,
): Promise<SenderEmail | null> {
  const row = await SenderEmail.query(db).findOne({ accountId, email: email.trim().toLowerCase() });
  if (!row || !row.verifiedAt) return null;
  return row;
}
