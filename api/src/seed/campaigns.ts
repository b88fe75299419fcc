import { randomUUID } from "node:crypto";
import type { CampaignContent } from "@tessera/shared/campaigns/content";
import { newRecipientToken } from "../campaigns/links.ts";
import { buttonBlock, defaultSubject, templateFor } from "../campaigns/templates/index.ts";
import type { Knex } from "../db/knex.ts";
import { Campaign } from "../models/Campaign.ts";
import type { Event } from "../models/Event.ts";
import { sqlTime } from "../models/BaseModel.ts";
import { addCredits, debitEachRecipient } from "../services/credits/ledger.ts";

/** The demo account's sender address (verified), which its campaigns go out from. */
export const DEMO_SENDER_EMAIL = "events@demo-conference.test";

const DAY = 24 * 3600 * 1000;

/**
 * The demo's save the date with a button to the guest area after its message: the clicks the demo records are on
 * that button (the first link), not on the footer's unsubscribe link.
 */
function withGuestAreaButton(content: CampaignContent, label: string): CampaignContent {
  const [message, ...rest] = content.blocks;
  return { blocks: [message!, buttonBlock(1, label, "portalLink"), ...rest] };
}

/**
 * The demo's campaigns (issue 15): the account's credits (campaign and event packs, a year long) and verified sender;
 * a "save the date" sent a week ago to the guests with an address, some of whom opened and clicked it (a privacy
 * proxy's open among them, counted apart), its credits debited per message; and a draft invitation from its
 * template, ready to be finished and sent.
 */
export async function seedDemoCampaigns(
  trx: Knex.Transaction,
  event: Event,
  createdBy: string,
  now: Date,
): Promise<void> {
  const expiresAt = new Date(now.getTime() + 365 * DAY);
  await addCredits(trx, { accountId: event.accountId, kind: "campaign", amount: 1_000, reason: "add", expiresAt, now });
  await addCredits(trx, { accountId: event.accountId, kind: "event", amount: 20, reason: "add", expiresAt, now });
  await trx("senderEmails").insert({
    id: randomUUID(),
    accountId: event.accountId,
    email: DEMO_SENDER_EMAIL,
    name: "Demo Conference",
    verifiedAt: sqlTime(now),
    createdBy,
    createdAt: sqlTime(now),
    updatedAt: sqlTime(now),
  });

  const sentAt = new Date(now.getTime() - 7 * DAY);
  const saveTheDate = await Campaign.query(trx).insertAndFetch({
    accountId: event.accountId,
    eventId: event.id,
    name: "Save the date",
    type: "save_the_date",
    state: "sent",
    subject: defaultSubject("save_the_date", "en"),
    fromName: "Demo Conference",
    fromEmail: DEMO_SENDER_EMAIL,
    replyEmail: null,
    previewText: null,
    language: "en",
    content: {
      en: withGuestAreaButton(templateFor("save_the_date", "en"), "Open my guest area"),
      fr: withGuestAreaButton(templateFor("save_the_date", "fr"), "Ouvrir mon espace invité"),
    },
    audience: null,
    sendAt: null,
    sentAt,
    startedAt: sentAt,
    finishedAt: sentAt,
    createdBy,
    createdAt: sentAt,
    updatedAt: sentAt,
  });
  const guests = (await trx("guests")
    .where({ eventId: event.id })
    .whereNotNull("email")
    .whereNotIn("status", ["refused", "rejected", "cancelled"])
    .orderBy("id")
    .select("id", "email", "language")) as { id: string; email: string; language: string | null }[];
  const recipients = guests.map((guest, index) => {
    const opened = index % 3 !== 2;
    const clicked = index % 4 === 0;
    const at = (minutes: number) => sqlTime(new Date(sentAt.getTime() + minutes * 60_000));
    return {
      id: randomUUID(),
      accountId: event.accountId,
      eventId: event.id,
      campaignId: saveTheDate.id,
      guestId: guest.id,
      email: guest.email.toLowerCase(),
      language: guest.language === "fr" ? "fr" : "en",
      status: "sent",
      attempts: 1,
      token: newRecipientToken(),
      messageId: null,
      sentAt: at(0),
      deliveredAt: at(1),
      openedAt: opened ? at(30 + index * 7) : null,
      clickedAt: clicked ? at(40 + index * 7) : null,
      createdAt: at(0),
      updatedAt: at(0),
    };
  });
  for (let index = 0; index < recipients.length; index += 200)
    await trx("campaignRecipients").insert(recipients.slice(index, index + 200));
  await debitEachRecipient(
    trx,
    { accountId: event.accountId, kind: "campaign", reason: "send", campaignId: saveTheDate.id, now: sentAt },
    recipients.map((recipient) => recipient.id),
  );
  const events = recipients.flatMap((recipient, index) => {
    const rows = [];
    const base = {
      accountId: event.accountId,
      eventId: event.id,
      campaignId: saveTheDate.id,
      recipientId: recipient.id,
      linkIndex: null,
      detail: null,
    };
    if (index % 5 === 1)
      rows.push({
        ...base,
        id: randomUUID(),
        kind: "open",
        machine: true,
        detail: "apple_privacy_proxy",
        createdAt: recipient.sentAt,
      });
    if (recipient.openedAt)
      rows.push({ ...base, id: randomUUID(), kind: "open", machine: false, createdAt: recipient.openedAt });
    if (recipient.clickedAt)
      rows.push({
        ...base,
        id: randomUUID(),
        kind: "click",
        machine: false,
        linkIndex: 0,
        createdAt: recipient.clickedAt,
      });
    return rows;
  });
  for (let index = 0; index < events.length; index += 200)
    await trx("campaignEvents").insert(events.slice(index, index + 200));
  await Campaign.query(trx)
    .findById(saveTheDate.id)
    .patch({ recipientsCount: recipients.length, creditsRequired: recipients.length });
  await trx("guests")
    .whereIn(
      "id",
      recipients.map((recipient) => recipient.guestId),
    )
    .where("mailStatus", "none")
    .update({ mailStatus: "sent", mailStatusAt: sqlTime(sentAt) });

  await Campaign.query(trx).insert({
    accountId: event.accountId,
    eventId: event.id,
    name: "Invitation",
    type: "invitation",
    state: "pending",
    subject: defaultSubject("invitation", "en"),
    fromName: "Demo Conference",
    fromEmail: DEMO_SENDER_EMAIL,
    replyEmail: null,
    previewText: null,
    language: "en",
    content: { en: templateFor("invitation", "en"), fr: templateFor("invitation", "fr") },
    audience: null,
    sendAt: null,
    createdBy,
  });
}
