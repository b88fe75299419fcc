import { resources } from "@tessera/shared";
import type { Page } from "playwright-core";
import type { Db } from "../../../api/src/db/knex.ts";
import { MailError } from "../../../api/src/models/MailError.ts";

const web = resources.en.web;

/** The mail errors part of the accessibility sweep: a hard bounce, a complaint, a soft bounce and a block. */
export async function buildMailErrorsScene(db: Db, accountId: string): Promise<void> {
  const now = new Date();
  const error = (email: string, kind: MailError["kind"], source: MailError["source"], reason: string | null) =>
    MailError.query(db).insert({
      accountId,
      email,
      kind,
      reason,
      source,
      campaignId: null,
      occurrences: kind === "soft_bounce" ? 3 : 1,
      lastSeenAt: now,
      createdAt: now,
      updatedAt: now,
    });
  await error("nobody@example.net", "hard_bounce", "dsn", "5.1.1 550 5.1.1 <nobody@example.net>: User unknown");
  await error("annoyed@example.org", "complaint", "webhook", "feedback: abuse");
  await error("full.box@example.com", "soft_bounce", "dsn", "4.2.2 452 Mailbox full");
  await error("asked-us@example.org", "blocked", "manual", "Asked by phone not to be emailed");
}

interface MailErrorsScreen {
  name: string;
  as: "overseer" | "platform";
  path: (scene: { account: { id: string } }) => string;
  reach: (page: Page) => Promise<void>;
  viewport?: { width: number; height: number };
  routes?: string[];
}

const PHONE = { width: 360, height: 740 };
const platformMailErrors = ({ account }: { account: { id: string } }) =>
  `/manage/platform/accounts/${account.id}/mail-errors`;

const listed = async (page: Page) => {
  await page.getByTestId("mail-error-row").first().waitFor();
};
/** The block form opened, the address refused for its form. */
const blockForm = async (page: Page) => {
  await listed(page);
  await page.getByRole("button", { name: web.mailErrors.create, exact: true }).click();
  await page.getByRole("textbox", { name: web.mailErrors.email }).fill("not an address");
  await page.getByRole("button", { name: web.mailErrors.createSubmit, exact: true }).click();
  await page.getByText(resources.en.validation.email_format, { exact: true }).waitFor();
};

/** The account's mail errors (its organizers and overseers, platform administrators per account). */
export const MAIL_ERROR_SCREENS: MailErrorsScreen[] = [
  { name: "mail errors", as: "overseer", path: () => "/manage/mail-errors", reach: listed, routes: ["mail-errors"] },
  { name: "mail errors, phone", as: "overseer", path: () => "/manage/mail-errors", reach: listed, viewport: PHONE },
  { name: "mail errors, block an address", as: "overseer", path: () => "/manage/mail-errors", reach: blockForm },
  {
    name: "platform: an account's mail errors",
    as: "platform",
    path: platformMailErrors,
    reach: listed,
    routes: ["accounts/:accountId/mail-errors"],
  },
];
