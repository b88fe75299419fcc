import type { CampaignExclusion, CampaignType } from "@tessera/shared/rules/campaigns";
import { CAMPAIGN_EXCLUSIONS, SUPPRESSING_MAIL_ERRORS } from "@tessera/shared/rules/campaigns";
import type { GuestStatus } from "@tessera/shared";
import type { CampaignAudience } from "@tessera/shared/schemas/campaigns";
import type { Knex } from "../../db/knex.ts";
import type { Actor } from "../../policies/actor.ts";
import { guestsMatchingQuery } from "../guests/list.ts";

/*
 * Who a campaign goes to (issue 15 item 2, spec §5). Each type has its rule:
 *   save_the_date  everyone but guests who refused, were rejected or cancelled
 *   invitation     unanswered guests not yet invited (no invitation of the event was sent to them)
 *   reflate        unanswered guests who received an invitation (sent, not bounced)
 *   reminder       confirmed guests
 *   thank          its audience (a guest-list query), else confirmed guests
 *   custom         its audience, else every guest
 * Of those, guests without an address, companions who have not answered, unsubscribed, bounced and blocked
 * addresses (by the guest's mail status, or a suppressing mail error of the account for the address) get nothing
 * (each counted under its reason, the first that applies). All of it is SQL over the
 * guests, so a send can copy its recipients into its ledger in one statement whatever their number.
 */

export interface Targeting {
  type: CampaignType;
  audience: CampaignAudience | null;
}

const NOT_FOR_SAVE_THE_DATE: GuestStatus[] = ["refused", "rejected", "cancelled"];
/** An invitation received: one the mail server accepted that did not come back. */
const RECEIVED = ["sent"];

/** The guests of the event the campaign's rule matches, before exclusions (wrapped: awaiting a builder runs it). */
export async function targetedGuests(
  db: Knex,
  actor: Actor | undefined,
  eventId: string,
  targeting: Targeting,
): Promise<{ guests: Knex.QueryBuilder }> {
  if ((targeting.type === "thank" || targeting.type === "custom") && targeting.audience)
    return guestsMatchingQuery(db, actor, eventId, targeting.audience.query);
  return { guests: ruleGuests(db, eventId, targeting.type) };
}

/** The guests of the event a type's own rule matches. */
function ruleGuests(db: Knex, eventId: string, type: CampaignType): Knex.QueryBuilder {
  const invited = (query: Knex.QueryBuilder) =>
    query
      .select(db.raw("1"))
      .from("campaignRecipients as invitations")
      .join("campaigns as invitation", "invitation.id", "invitations.campaignId")
      .where("invitation.eventId", eventId)
      .where("invitation.type", "invitation")
      .whereIn("invitations.status", RECEIVED)
      .whereRaw("?? = ??", ["invitations.guestId", "guests.id"]);
  switch (type) {
    case "save_the_date":
      return db("guests").where("guests.eventId", eventId).whereNotIn("guests.status", NOT_FOR_SAVE_THE_DATE);
    case "invitation":
      return db("guests").where("guests.eventId", eventId).where("guests.status", "unanswered").whereNotExists(invited);
    case "reflate":
      return db("guests").where("guests.eventId", eventId).where("guests.status", "unanswered").whereExists(invited);
    case "reminder":
      return db("guests").where("guests.eventId", eventId).where("guests.status", "confirmed");
    case "thank":
      return db("guests").where("guests.eventId", eventId).where("guests.status", "confirmed");
    case "custom":
      return db("guests").where("guests.eventId", eventId);
  }
}

/** Mail errors of the account that count as a bounced address (a hard bounce, a complaint) and as a blocked one. */
const BOUNCED_MAIL_ERRORS = SUPPRESSING_MAIL_ERRORS.filter((kind) => kind !== "blocked");
const BLOCKED_MAIL_ERRORS = SUPPRESSING_MAIL_ERRORS.filter((kind) => kind === "blocked");

/**
 * SQL naming, for a guest row, the first reason it gets no message, or 'recipient'. An address is bounced or
 * blocked by the guest's own mail status or by a suppressing mail error of the account (spec §3, §5): each a
 * lookup of mail_errors' unique (account_id, email) by the guest's normalized address.
 */
export function exclusionReasonSql(db: Knex): Knex.Raw {
  const mailError = (kinds: readonly string[]) =>
    db
      .select(db.raw("1"))
      .from("mailErrors")
      .whereRaw("?? = ??", ["mailErrors.accountId", "guests.accountId"])
      .whereRaw("?? = ??", ["mailErrors.email", "guests.emailNormalized"])
      .whereIn("mailErrors.kind", kinds);
  return db.raw(
    `case
      when ?? is null or ?? = '' then 'no_email'
      when ?? is not null and ?? = 'unanswered' then 'companion_unanswered'
      when ?? is not null or ?? = 'unsubscribed' then 'unsubscribed'
      when ?? = 'bounce' or exists ? then 'bounced'
      when ?? = 'blocked' or exists ? then 'blocked'
      else 'recipient' end`,
    [
      "guests.email",
      "guests.email",
      "guests.godfatherId",
      "guests.status",
      "guests.unsubscribedAt",
      "guests.mailStatus",
      "guests.mailStatus",
      mailError(BOUNCED_MAIL_ERRORS),
      "guests.mailStatus",
      mailError(BLOCKED_MAIL_ERRORS),
    ],
  );
}

export interface TargetCounts {
  matched: number;
  recipients: number;
  excluded: Record<CampaignExclusion, number>;
}

/** How many guests the campaign matches, how many would get a message, and why the others would not. */
export async function countTargets(
  db: Knex,
  actor: Actor | undefined,
  eventId: string,
  targeting: Targeting,
): Promise<TargetCounts> {
  const { guests } = await targetedGuests(db, actor, eventId, targeting);
  // A message per address: two guests sharing one count once among the recipients.
  const rows: { reason: string; count: number | string; addresses: number | string }[] = await db
    .from(guests.select(db.raw("? as reason", [exclusionReasonSql(db)]), "guests.emailNormalized").as("targets"))
    .groupBy("reason")
    .select("reason")
    .count({ count: "*" })
    .countDistinct({ addresses: "emailNormalized" });
  const excluded = Object.fromEntries(CAMPAIGN_EXCLUSIONS.map((reason) => [reason, 0])) as Record<
    CampaignExclusion,
    number
  >;
  let recipients = 0;
  let matchedRecipients = 0;
  for (const row of rows) {
    const count = Number(row.count);
    if (row.reason === "recipient") {
      recipients = Number(row.addresses);
      matchedRecipients = count;
    } else excluded[row.reason as CampaignExclusion] = count;
  }
  const total = matchedRecipients + Object.values(excluded).reduce((sum, count) => sum + count, 0);
  return { matched: total, recipients, excluded };
}
