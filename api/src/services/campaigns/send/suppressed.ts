import { SUPPRESSING_MAIL_ERRORS } from "@tessera/shared/rules/campaigns";
import type { Knex } from "../../../db/knex.ts";
import type { ClaimedRecipient } from "./ledger.ts";

/**
 * Of the claimed recipients, those who must get nothing any more, with why: the guest unsubscribed, bounced or was
 * blocked since the ledger was written, or the account holds a suppressing mail error for the address.
 */
export async function suppressedAmong(
  db: Knex,
  accountId: string,
  recipients: readonly Pick<ClaimedRecipient, "id" | "guestId" | "email">[],
): Promise<Map<string, string>> {
  const why = new Map<string, string>();
  if (!recipients.length) return why;
  const guestIds = recipients.flatMap((recipient) => (recipient.guestId ? [recipient.guestId] : []));
  const guests = guestIds.length
    ? ((await db("guests")
        .whereIn("id", guestIds)
        .where((query) =>
          query.whereNotNull("unsubscribedAt").orWhereIn("mailStatus", ["unsubscribed", "bounce", "blocked"]),
        )
        .select("id", "mailStatus", "unsubscribedAt")) as { id: string; mailStatus: string; unsubscribedAt: unknown }[])
    : [];
  const guestReason = new Map(
    guests.map((guest) => [guest.id, guest.unsubscribedAt ? "unsubscribed" : guest.mailStatus] as const),
  );
  const errors = (await db("mailErrors")
    .where({ accountId })
    .whereIn(
      "email",
      recipients.map((recipient) => recipient.email),
    )
    .whereIn("kind", [...SUPPRESSING_MAIL_ERRORS])
    .select("email", "kind")) as { email: string; kind: string }[];
  const errorReason = new Map(errors.map((error) => [error.email, error.kind] as const));
  for (const recipient of recipients) {
    const reason = (recipient.guestId && guestReason.get(recipient.guestId)) || errorReason.get(recipient.email);
    if (reason) why.set(recipient.id, reason);
  }
  return why;
}
