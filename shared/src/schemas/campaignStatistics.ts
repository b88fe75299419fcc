import { Type, type Static } from "@sinclair/typebox";
import { CAMPAIGN_RECIPIENT_STATUSES, CAMPAIGN_TYPES } from "../rules/campaigns.ts";
import { Nullable, PageQuery, Page, Timestamp, Uuid, literals } from "./common.ts";

/*
 * Campaign statistics (spec §2 Statistics: deliverability, campaigns; §3 invitation with statistics; issue 15
 * item 8): what became of each message, people's opens and clicks apart from machines' (privacy proxies, link
 * scanners), over time, and across the event's campaigns day by day.
 */

export const CampaignFiguresSchema = Type.Object({
  /** Rows of its ledger: one per address it went (or goes) to. */
  recipients: Type.Integer({ minimum: 0 }),
  /** Accepted by the mail server. */
  sent: Type.Integer({ minimum: 0 }),
  /** Reported delivered by the receiving server (a delivery report or a provider's webhook). */
  delivered: Type.Integer({ minimum: 0 }),
  /** Recipients who opened it, people only (an image proxy reading for a person counts). */
  openedByPeople: Type.Integer({ minimum: 0 }),
  /** Recipients whose message only machines opened (privacy proxies prefetching, scanners): not read. */
  openedByMachinesOnly: Type.Integer({ minimum: 0 }),
  /** Opens by machines, counted apart (every fetch). */
  machineOpens: Type.Integer({ minimum: 0 }),
  /** Recipients who followed a link, people only. */
  clicked: Type.Integer({ minimum: 0 }),
  /** Link follows by machines (link scanners), counted apart. */
  machineClicks: Type.Integer({ minimum: 0 }),
  unsubscribed: Type.Integer({ minimum: 0 }),
  /** Hard bounces (the address does not exist). */
  bounced: Type.Integer({ minimum: 0 }),
  /** Temporary bounces reported after it was sent (it may still arrive). */
  softBounced: Type.Integer({ minimum: 0 }),
  /** Marked as spam. */
  complaints: Type.Integer({ minimum: 0 }),
  /** Not sent: the address blocked, bounced or unsubscribed since the send started. */
  blocked: Type.Integer({ minimum: 0 }),
  /** Not sent: refused by the mail server, or given up after repeated "try later". */
  failed: Type.Integer({ minimum: 0 }),
  /** Still waiting to be sent. */
  queued: Type.Integer({ minimum: 0 }),
});
export type CampaignFiguresJson = Static<typeof CampaignFiguresSchema>;

export const TIMELINE_BUCKETS = ["hour", "day"] as const;

export const CampaignStatisticsSchema = Type.Object({
  campaign: Type.Object({
    id: Uuid,
    name: Type.String(),
    type: literals(CAMPAIGN_TYPES),
    state: Type.String(),
    startedAt: Nullable(Timestamp),
    finishedAt: Nullable(Timestamp),
  }),
  figures: CampaignFiguresSchema,
  /** People's opens and clicks, and machines' opens, by hour over its first two days, then by day. */
  timeline: Type.Object({
    bucket: literals(TIMELINE_BUCKETS),
    points: Type.Array(
      Type.Object({
        start: Timestamp,
        opens: Type.Integer({ minimum: 0 }),
        clicks: Type.Integer({ minimum: 0 }),
        machineOpens: Type.Integer({ minimum: 0 }),
      }),
    ),
  }),
  /** The message's links, most followed by people first: recipients who followed each, and machines apart. */
  links: Type.Array(
    Type.Object({
      index: Type.Integer({ minimum: 0 }),
      url: Nullable(Type.String()),
      clicked: Type.Integer({ minimum: 0 }),
      machineClicks: Type.Integer({ minimum: 0 }),
    }),
  ),
});
export type CampaignStatisticsJson = Static<typeof CampaignStatisticsSchema>;

/** A recipient's mail status as the statistics list it (spec §4 mail statuses). */
export const RECIPIENT_MAIL_STATUSES = [
  "queued",
  "sent",
  "delivered",
  "opened",
  "clicked",
  "unsubscribed",
  "bounce",
  "blocked",
  "error",
] as const;
export type RecipientMailStatus = (typeof RECIPIENT_MAIL_STATUSES)[number];

export const CampaignRecipientsQuery = Type.Composite([
  PageQuery,
  Type.Object({ status: Type.Optional(literals(RECIPIENT_MAIL_STATUSES)) }),
]);

export const CampaignRecipientStatSchema = Type.Object({
  id: Uuid,
  guestId: Nullable(Uuid),
  email: Type.String(),
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  status: literals(RECIPIENT_MAIL_STATUSES),
  /** The ledger's own state of the message. */
  sendStatus: literals(CAMPAIGN_RECIPIENT_STATUSES),
  sentAt: Nullable(Timestamp),
  openedAt: Nullable(Timestamp),
  clickedAt: Nullable(Timestamp),
  /** Why it was not sent or bounced, when it was not. */
  error: Nullable(Type.String()),
});
export const CampaignRecipientsPage = Page(CampaignRecipientStatSchema);
export type CampaignRecipientStatJson = Static<typeof CampaignRecipientStatSchema>;

/** A campaign in a list of them, with its headline figures. */
export const CampaignHeadlineSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  type: literals(CAMPAIGN_TYPES),
  state: Type.String(),
  startedAt: Nullable(Timestamp),
  figures: CampaignFiguresSchema,
});
export type CampaignHeadlineJson = Static<typeof CampaignHeadlineSchema>;

const DayCounts = {
  sent: Type.Integer({ minimum: 0 }),
  delivered: Type.Integer({ minimum: 0 }),
  opened: Type.Integer({ minimum: 0 }),
  clicked: Type.Integer({ minimum: 0 }),
  bounced: Type.Integer({ minimum: 0 }),
  complaints: Type.Integer({ minimum: 0 }),
  unsubscribed: Type.Integer({ minimum: 0 }),
};

export const DeliverabilitySchema = Type.Object({
  /** Every campaign of the event, day by day on its wall clock: messages sent, and what happened to them. */
  days: Type.Array(Type.Object({ day: Type.String({ format: "date" }), ...DayCounts })),
  totals: Type.Object(DayCounts),
  campaigns: Type.Array(CampaignHeadlineSchema),
});
export type DeliverabilityJson = Static<typeof DeliverabilitySchema>;

/** The account's mail history (spec §2 account level): every campaign of every event. */
export const MAIL_HISTORY_SORTS = ["startedAt", "name", "eventName", "recipients"] as const;
export type MailHistorySort = (typeof MAIL_HISTORY_SORTS)[number];
export const MailHistoryQuery = Type.Composite([
  PageQuery,
  Type.Object({
    /** By when its send started (the default, newest first), its name, its event's name or its recipients. */
    sort: Type.Optional(literals(MAIL_HISTORY_SORTS)),
    order: Type.Optional(literals(["asc", "desc"] as const)),
  }),
]);
export const MailHistoryItemSchema = Type.Composite([
  CampaignHeadlineSchema,
  Type.Object({
    eventId: Uuid,
    eventName: Type.String(),
    creditsUsed: Type.Integer({ minimum: 0 }),
  }),
]);
export const MailHistoryPage = Page(MailHistoryItemSchema);
export type MailHistoryItemJson = Static<typeof MailHistoryItemSchema>;
