import { resources } from "@tessera/shared";
import type { Page } from "playwright-core";
import type { Db } from "../../../api/src/db/knex.ts";
import { addCredits, debitCredits } from "../../../api/src/services/credits/ledger.ts";

const web = resources.en.web;
const validation = resources.en.validation;
const errors = resources.en.errors;

/** The credits part of the accessibility sweep: an account's event and campaign credits with some history. */
export interface CreditsScene {
  accountId: string;
}

const DAY = 24 * 3600 * 1000;

/**
 * Packs of both kinds for the account, added by `authorId` (a platform administrator): a campaign pack partly
 * spent by a send and a debit, one spent, one expired, and an event pack.
 */
export async function buildCreditsScene(db: Db, accountId: string, authorId: string): Promise<CreditsScene> {
  const now = new Date();
  const inDays = (days: number) => new Date(now.getTime() + days * DAY);
  await db.transaction(async (trx) => {
    const add = (kind: "event" | "campaign", amount: number, days: number) =>
      addCredits(trx, { accountId, kind, amount, reason: "add", authorId, expiresAt: inDays(days), now });
    await add("campaign", 500, 90);
    await add("campaign", 40, 10);
    await add("campaign", 25, -3);
    await add("event", 12, 30);
    await debitCredits(trx, {
      accountId,
      kind: "campaign",
      amount: 45,
      reason: "send",
      campaignId: "7a1c2d9e-0000-4000-8000-000000000001",
      now,
    });
    await debitCredits(trx, {
      accountId,
      kind: "campaign",
      amount: 5,
      reason: "debit",
      note: "Test sends",
      authorId,
      now,
    });
  });
  return { accountId };
}

interface CreditsScreen {
  name: string;
  as: "overseer" | "platform";
  path: (scene: { credits: CreditsScene }) => string;
  reach: (page: Page) => Promise<void>;
  viewport?: { width: number; height: number };
  routes?: string[];
}

const PHONE = { width: 360, height: 740 };
const platformCredits = ({ credits }: { credits: CreditsScene }) =>
  `/manage/platform/accounts/${credits.accountId}/credits`;

/** The packs and the history of the tab shown, read. */
const creditsRead = async (page: Page) => {
  await page.getByTestId("credit-pack-row").first().waitFor();
  await page.getByTestId("credit-movement-row").first().waitFor();
};
const campaignTab = async (page: Page) => {
  await page.getByRole("tab", { name: web.credits.kinds.campaign, exact: true }).click();
  await page.getByTestId("credit-packs-campaign").waitFor();
  await creditsRead(page);
};
/** The add form of the event credits with values the spec refuses, each field saying why. */
const refusedValues = async (page: Page) => {
  await page.getByRole("button", { name: web.credits.add.submit, exact: true }).waitFor();
  await page.getByRole("textbox", { name: web.credits.amount }).first().fill("0");
  await page.getByRole("textbox", { name: web.credits.expiresAt }).fill("31/02/2031");
  await page.getByRole("button", { name: web.credits.add.submit, exact: true }).click();
  await page.getByText(validation.credits_not_zero, { exact: true }).waitFor();
  await page.getByText(validation.date_not_exist, { exact: true }).waitFor();
};
/** A debit of more event credits than are left: the alert says how many are missing. */
const notEnough = async (page: Page) => {
  await creditsRead(page);
  await page.getByRole("textbox", { name: web.credits.amount }).nth(1).fill("100");
  await page.getByRole("button", { name: web.credits.debit.submit, exact: true }).click();
  await page.getByText(errors.not_enough_credits_other.replace("{{count}}", "88"), { exact: true }).waitFor();
};

/** The account's credits (its organizers and overseers read) and a platform administrator's forms. */
export const CREDITS_SCREENS: CreditsScreen[] = [
  { name: "credits", as: "overseer", path: () => "/manage/credits", reach: creditsRead, routes: ["credits"] },
  { name: "credits, campaign credits", as: "overseer", path: () => "/manage/credits", reach: campaignTab },
  { name: "credits, phone", as: "overseer", path: () => "/manage/credits", reach: campaignTab, viewport: PHONE },
  {
    name: "platform: an account's credits",
    as: "platform",
    path: platformCredits,
    reach: creditsRead,
    routes: ["accounts/:accountId/credits"],
  },
  { name: "platform: credits, refused values", as: "platform", path: platformCredits, reach: refusedValues },
  { name: "platform: credits, not enough", as: "platform", path: platformCredits, reach: notEnough },
];
