import type { ValidationIssue } from "@tessera/shared";
import type { Knex } from "../../db/knex.ts";
import { AppError } from "../../errors.ts";
import { verifiedSender } from "../senders/verified.ts";

/*
 * A campaign's sender (issue 15 item 1): its From address is one of the account's verified senders. A campaign
 * saved with another address is refused (422 at fromEmail); so is the send of one whose sender is gone since.
 */

const NOT_VERIFIED: ValidationIssue = { field: "fromEmail", code: "sender_not_verified" };

/**
 * The address to store for a fromEmail a campaign is created or changed with: the account's verified sender's
 * (lower-cased), null or undefined as given; any other address answers 422 at fromEmail.
 */
export async function checkedFromEmail<T extends string | null | undefined>(
  db: Knex | Knex.Transaction,
  accountId: string,
  fromEmail: T,
): Promise<T | string> {
  if (fromEmail === null || fromEmail === undefined) return fromEmail;
  const sender = await verifiedSender(db, accountId, fromEmail);
  if (!sender) throw AppError.invalid([NOT_VERIFIED]);
  return sender.email;
}

/** What keeps the campaign's sender from sending: none given, or not a verified sender of the account. */
export async function fromEmailIssues(
  db: Knex | Knex.Transaction,
  campaign: { accountId: string; fromEmail: string | null },
): Promise<ValidationIssue[]> {
  if (!campaign.fromEmail) return [{ field: "fromEmail", code: "required" }];
  return (await verifiedSender(db, campaign.accountId, campaign.fromEmail)) ? [] : [NOT_VERIFIED];
}
