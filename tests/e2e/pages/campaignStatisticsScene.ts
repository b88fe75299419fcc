import { randomUUID } from "node:crypto";
import { resources } from "@tessera/shared";
import type { Page } from "playwright-core";
import type { Db } from "../../../api/src/db/knex.ts";
import type { CampaignRecipient } from "../../../api/src/models/CampaignRecipient.ts";
import type { Event } from "../../../api/src/models/Event.ts";
import { buildCampaign, buildRecipient } from "../../helpers/campaigns.ts";

const web = resources.en.web;
const HOUR = 3_600_000;

/**
 * The campaign statistics part of the accessibility sweep: a save the date of the event sent a day ago to its
 * guests and a few more addresses — opened and clicked by people, opened by a privacy proxy, a bounce, an
 * unsubscription, an address blocked before it went —, in French so the screens show its name as written.
 */
export async function buildCampaignStatisticsScene(db: Db, event: Event): Promise<string> {
  const sentAt = new Date(Date.now() - 24 * HOUR);
  const at = (hours: number) => new Date(sentAt.getTime() + hours * HOUR).toISOString();
  const campaign = await buildCampaign(db, event, {
    name: "Réservez la date",
    type: "save_the_date",
    state: "sent",
    language: "fr",
    startedAt: sentAt,
    sentAt,
    finishedAt: sentAt,
    ledgerFilledAt: sentAt,
    recipientsCount: 8,
    creditsRequired: 8,
  });
  const guests = (await db("guests").where({ eventId: event.id }).whereNotNull("email").select("id", "email")) as {
    id: string;
    email: string;
  }[];
  const others = ["ines@example.net", "marc@example.net", "sofia@example.net", "yann@example.net"].map((email) => ({
    id: null as unknown as string,
    email,
  }));
  const recipients: CampaignRecipient[] = [];
  for (const guest of [...guests, ...others].slice(0, 8)) {
    const recipient = await buildRecipient(db, campaign, { id: guest.id, email: guest.email.trim().toLowerCase() });
    await db("campaignRecipients").where({ id: recipient.id }).update({ sentAt: sentAt.toISOString() });
    recipients.push(recipient);
  }
  const update = (index: number, values: Record<string, unknown>) =>
    db("campaignRecipients").where({ id: recipients[index]!.id }).update(values);
  const track = (index: number, kind: string, hours: number, machine = false, linkIndex: number | null = null) =>
    db("campaignEvents").insert({
      id: randomUUID(),
      accountId: event.accountId,
      eventId: event.id,
      campaignId: campaign.id,
      recipientId: recipients[index]!.id,
      kind,
      machine,
      linkIndex,
      createdAt: at(hours),
    });
  for (const index of [0, 1, 2, 3]) {
    await update(index, { openedAt: at(index + 1), deliveredAt: at(0.01) });
    await track(index, "open", index + 1);
  }
  for (const index of [0, 2]) {
    await update(index, { clickedAt: at(index + 1.5) });
    await track(index, "click", index + 1.5, false, 0);
  }
  await track(1, "click", 1, true, 0);
  await track(4, "open", 0.01, true);
  await update(5, { status: "bounced", bouncedAt: at(0.02), lastError: "550 5.1.1 User unknown" });
  await update(6, { unsubscribedAt: at(3) });
  await update(7, { status: "failed", sentAt: null, lastError: "suppressed: blocked" });
  return campaign.id;
}

interface CampaignStatisticsScreen {
  name: string;
  as: "overseer";
  path: (scene: { event: { id: string }; campaignStatisticsId: string; checkin: { eventId: string } }) => string;
  reach: (page: Page) => Promise<void>;
  viewport?: { width: number; height: number };
  routes?: string[];
}

const PHONE = { width: 360, height: 740 };
const statistics = (eventId: string) => `/manage/events/${eventId}/statistics`;
const campaignOf = (scene: { event: { id: string }; campaignStatisticsId: string }) =>
  `${statistics(scene.event.id)}/campaigns/${scene.campaignStatisticsId}`;

const listed = async (page: Page) => {
  await page.getByTestId("campaign-headline").first().waitFor();
};
/** The campaign's figures, both charts drawn and its recipients listed. */
const campaignReady = async (page: Page) => {
  await page.getByTestId("campaign-figures").waitFor();
  await page.getByTestId("campaign-funnel").locator(".recharts-bar-rectangle").first().waitFor();
  await page.getByTestId("campaign-timeline").locator(".recharts-line").first().waitFor();
  await page.getByTestId("campaign-recipient-row").first().waitFor();
};
const deliverabilityReady = async (page: Page) => {
  await page.getByTestId("deliverability-totals").waitFor();
  await page.getByTestId("deliverability-days").locator(".recharts-bar-rectangle").first().waitFor();
  await listed(page);
};

/** Statistics → campaigns and deliverability, a campaign's statistics, and the account's mail history. */
export const CAMPAIGN_STATISTICS_SCREENS: CampaignStatisticsScreen[] = [
  {
    name: "event statistics, campaigns",
    as: "overseer",
    path: (scene) => `${statistics(scene.event.id)}/campaigns`,
    reach: listed,
    routes: ["campaigns"],
  },
  {
    name: "event statistics, campaigns, none sent",
    as: "overseer",
    path: (scene) => `${statistics(scene.checkin.eventId)}/campaigns`,
    reach: async (page) => {
      await page.getByText(web.statistics.campaigns.empty.title, { exact: true }).waitFor();
    },
  },
  {
    name: "event statistics, a campaign",
    as: "overseer",
    path: campaignOf,
    reach: campaignReady,
    routes: ["campaigns/:campaignId"],
  },
  {
    name: "event statistics, a campaign, phone",
    as: "overseer",
    path: campaignOf,
    reach: campaignReady,
    viewport: PHONE,
  },
  {
    name: "event statistics, a campaign, what machine opens are (tooltip)",
    as: "overseer",
    path: campaignOf,
    reach: async (page) => {
      await campaignReady(page);
      await page.getByRole("button", { name: web.statistics.campaigns.figures.machineHelpLabel }).hover();
      await page.getByRole("tooltip").waitFor();
    },
  },
  {
    name: "event statistics, a campaign's recipients by status",
    as: "overseer",
    path: campaignOf,
    reach: async (page) => {
      await campaignReady(page);
      await page.getByLabel(web.statistics.campaigns.recipients.status, { exact: true }).first().click();
      await page.getByRole("option", { name: resources.en.web.guests.mailStatus.bounce, exact: true }).click();
      await page.getByText("550 5.1.1 User unknown").waitFor();
    },
  },
  {
    name: "event statistics, deliverability",
    as: "overseer",
    path: (scene) => `${statistics(scene.event.id)}/deliverability`,
    reach: deliverabilityReady,
    routes: ["deliverability"],
  },
  {
    name: "event statistics, deliverability, phone",
    as: "overseer",
    path: (scene) => `${statistics(scene.event.id)}/deliverability`,
    reach: deliverabilityReady,
    viewport: PHONE,
  },
  {
    name: "mail history",
    as: "overseer",
    path: () => "/manage/mail-history",
    reach: async (page) => {
      await page.getByTestId("mail-history-row").first().waitFor();
    },
    routes: ["mail-history"],
  },
  {
    name: "mail history, phone",
    as: "overseer",
    path: () => "/manage/mail-history",
    reach: async (page) => {
      await page.getByTestId("mail-history-row").first().waitFor();
    },
    viewport: PHONE,
  },
];
