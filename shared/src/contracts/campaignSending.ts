import { CampaignSchema, CampaignSendBody, CampaignTestBody, CampaignTestResult } from "../schemas/campaigns.ts";
import { UnsentRecipientsSchema } from "../schemas/campaignUnsent.ts";
import { EventScopedIdParams } from "../schemas/guests.ts";
import { contract } from "./contract.ts";

const tags = ["campaigns"];
const WRITE = "Editors and up (events.update).";

/** Sending a campaign: now or later, cancelling a scheduled one, a test message (spec §2, §4, §8). */
export const campaignSendingContracts = {
  send: contract({
    method: "post",
    path: "/events/:a/:e/campaigns/:id/send",
    summary: "Send a campaign now or schedule it",
    description:
      "A pending campaign only (else 409 campaign_already_sent). Without `sendAt`, or with a past one, its " +
      "recipients are written into its ledger and it is `sending` at once; with a future `sendAt` it is " +
      "`scheduled` for then; `later` without a date (here or on the campaign): 422 date_not_set. What keeps it " +
      "from being sent (subject, footer, target urls, merge tags, the sender): 422 with the issues. Fewer " +
      "campaign credits than messages that would go out (one each, after exclusions): 409 not_enough_credits " +
      "with the missing amount. A credit is debited per recipient as it is handed to the mail server, and given " +
      `back when the message is refused or bounces. ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    body: CampaignSendBody,
    response: CampaignSchema,
    errors: [403, 404, 409, 422],
  }),
  cancel: contract({
    method: "post",
    path: "/events/:a/:e/campaigns/:id/cancel",
    summary: "Cancel a scheduled campaign",
    description: `It goes back to pending (spec §4). Not scheduled: 409 campaign_not_scheduled. ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    response: CampaignSchema,
    errors: [403, 404, 409],
  }),
  test: contract({
    method: "post",
    path: "/events/:a/:e/campaigns/:id/test",
    summary: "Send a test message of a campaign",
    description:
      "One message in `language` (default: the campaign's) to `email`, else to the caller, with the caller's " +
      "name in the merge tags; no credits, no tracking. Its content must pass the campaign's rules (422 with the " +
      `issues). ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    body: CampaignTestBody,
    response: CampaignTestResult,
    errors: [403, 404, 422],
  }),
  unsent: contract({
    method: "get",
    path: "/events/:a/:e/campaigns/:id/unsent",
    summary: "The recipients a campaign's send could not reach",
    description:
      "'Some recipients could not be synchronized' (spec §8): how many of the campaign's recipients got no " +
      "message, and the first 100 of them by name with why: unsubscribed, bounced, blocked or complained after " +
      "the recipients were written; refused by the mail server (its answer in `detail`); or given up on after " +
      "repeated 'try later' answers. Their credits were given back. Anyone who may read the event.",
    tags,
    params: EventScopedIdParams,
    response: UnsentRecipientsSchema,
    errors: [403, 404],
  }),
};
