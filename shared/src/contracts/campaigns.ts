import {
  CampaignCreate,
  CampaignList,
  CampaignSchema,
  CampaignSummarySchema,
  CampaignUpdate,
} from "../schemas/campaigns.ts";
import { Ok } from "../schemas/common.ts";
import { EventScopedIdParams, EventScopedParams } from "../schemas/guests.ts";
import { contract } from "./contract.ts";

const tags = ["campaigns"];

const READ = "Anyone who sees the event.";
const WRITE = "Editors and up (events.update), like the event's other content.";

/** /events/{a}/{e}/campaigns: the event's email campaigns (spec §2 Campaigns, §3 Campaign, §4 states). */
export const campaignContracts = {
  list: contract({
    method: "get",
    path: "/events/:a/:e/campaigns",
    summary: "List the event's campaigns",
    description: `Newest first. ${READ}`,
    tags,
    params: EventScopedParams,
    response: CampaignList,
    errors: [404],
  }),
  create: contract({
    method: "post",
    path: "/events/:a/:e/campaigns",
    summary: "Create a campaign",
    description:
      "A name and a type (save_the_date, invitation, reflate, reminder, thank, custom); the subject and content " +
      "not given start from the type's template in `language` (default: the event's first language). Past the " +
      "account's maximum of campaigns per event: 409 max_campaigns_reached. The sender must be one of the " +
      `account's verified senders. ${WRITE}`,
    tags,
    params: EventScopedParams,
    body: CampaignCreate,
    response: CampaignSchema,
    status: 201,
    errors: [403, 404, 409, 422],
  }),
  get: contract({
    method: "get",
    path: "/events/:a/:e/campaigns/:id",
    summary: "Get a campaign",
    description: READ,
    tags,
    params: EventScopedIdParams,
    response: CampaignSchema,
    errors: [404],
  }),
  update: contract({
    method: "post",
    path: "/events/:a/:e/campaigns/:id",
    summary: "Update a campaign",
    description:
      "Any of its fields while it is pending; `content` replaces the languages it names. A draft is saved as it " +
      "is: the content rules are checked when it is scheduled or sent, and listed by its summary. A scheduled " +
      `or sent campaign: 409 campaign_already_sent. ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    body: CampaignUpdate,
    response: CampaignSchema,
    errors: [403, 404, 409, 422],
  }),
  remove: contract({
    method: "delete",
    path: "/events/:a/:e/campaigns/:id",
    summary: "Delete a campaign",
    description: `A pending one; a scheduled, sending or sent campaign: 409 campaign_already_sent. ${WRITE}`,
    tags,
    params: EventScopedIdParams,
    response: Ok,
    errors: [403, 404, 409],
  }),
  summary: contract({
    method: "get",
    path: "/events/:a/:e/campaigns/:id/summary",
    summary: "Who a campaign would go to, who it leaves out and why, and its cost",
    description:
      "Counted now with its type's rule (invitations: unanswered guests not yet invited; reflates: unanswered " +
      "guests who received an invitation; reminders: confirmed guests; save the date: everyone but those who " +
      "refused, were rejected or cancelled; thank and custom: its audience, else confirmed guests for a thank " +
      "you and everyone for custom), less guests without an address, companions who have not answered, " +
      "unsubscribed, bounced and blocked addresses. One credit per message. `issues`: what keeps it from being " +
      `sent (subject, footer, target urls, merge tags, per language). ${READ}`,
    tags,
    params: EventScopedIdParams,
    response: CampaignSummarySchema,
    errors: [404],
  }),
};
