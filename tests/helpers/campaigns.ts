import type { CampaignContent } from "@tessera/shared/campaigns/content";
import type { CampaignRecipientStatus, CampaignType } from "@tessera/shared/rules/campaigns";
import { newRecipientToken } from "../../api/src/campaigns/links.ts";
import type { Db } from "../../api/src/db/knex.ts";
import { Campaign } from "../../api/src/models/Campaign.ts";
import { CampaignRecipient } from "../../api/src/models/CampaignRecipient.ts";
import type { Event } from "../../api/src/models/Event.ts";
import { debitCredits } from "../../api/src/services/credits/ledger.ts";

/** A campaign's content the rules accept: a greeting, a button to the registration form, the footer. */
export function sendableContent(greeting = "Hello {{firstName}},"): CampaignContent {
  return {
    blocks: [
      { id: "greeting", type: "text", html: `<p>${greeting}</p>` },
      {
        id: "register",
        type: "button",
        label: "Register",
        url: "{{registrationLink}}",
        backgroundColor: "#3b5bdb",
        textColor: "#ffffff",
      },
      {
        id: "footer",
        type: "footer",
        html: '<p>Sent by the organizer. <a href="{{unsubscribeLink}}">Unsubscribe</a></p>',
      },
    ],
  };
}

/** A campaign of the event straight in the database (no audit), pending unless told. */
export async function buildCampaign(
  db: Db,
  event: Pick<Event, "id" | "accountId">,
  overrides: Partial<Campaign> & { type?: CampaignType } = {},
): Promise<Campaign> {
  return Campaign.query(db).insertAndFetch({
    accountId: event.accountId,
    eventId: event.id,
    name: "Invitation",
    type: "invitation",
    state: "pending",
    subject: "You are invited",
    fromName: "The organizers",
    fromEmail: null,
    replyEmail: null,
    previewText: null,
    language: "en",
    content: { en: sendableContent() },
    audience: null,
    ...overrides,
  });
}

/** A recipient row of a campaign's ledger, as a send leaves it (with its token: its links and return path). */
export async function buildRecipient(
  db: Db,
  campaign: Pick<Campaign, "id" | "accountId" | "eventId">,
  guest: { id: string; email: string | null },
  status: CampaignRecipientStatus = "sent",
): Promise<CampaignRecipient> {
  return CampaignRecipient.query(db).insertAndFetch({
    accountId: campaign.accountId,
    eventId: campaign.eventId,
    campaignId: campaign.id,
    guestId: guest.id,
    email: guest.email ?? "",
    language: "en",
    status,
    sentAt: status === "queued" ? null : new Date(),
    token: newRecipientToken(),
  });
}

/** The campaign credit a send takes for the recipient's accepted message (the account needs a usable pack). */
export async function debitSend(db: Db, recipient: CampaignRecipient): Promise<void> {
  await db.transaction((trx) =>
    debitCredits(trx, {
      accountId: recipient.accountId,
      kind: "campaign",
      amount: 1,
      reason: "send",
      campaignId: recipient.campaignId,
      recipientId: recipient.id,
      now: new Date(),
    }),
  );
}
