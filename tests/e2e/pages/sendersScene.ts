import { resources } from "@tessera/shared";
import type { Page } from "playwright-core";
import type { Db } from "../../../api/src/db/knex.ts";
import type { Event } from "../../../api/src/models/Event.ts";
import { SenderEmail } from "../../../api/src/models/SenderEmail.ts";
import { sha256 } from "../../../api/src/services/auth/sessions.ts";
import { buildGuest } from "../../helpers/guests.ts";

const web = resources.en.web;
const es = resources.es.web;

/** The senders part of the accessibility sweep: the account's senders, a verification link, an unsubscribed guest. */
export interface SendersScene {
  /** A pending sender's link, to look at; one past its 48 hours. */
  verifyToken: string;
  expiredToken: string;
  /** A guest of the event who unsubscribed from its emails. */
  unsubscribedGuestId: string;
}

/** A verified sender, a pending one (its link valid), one whose link expired; a guest who unsubscribed. */
export async function buildSendersScene(db: Db, accountId: string, event: Event): Promise<SendersScene> {
  const sender = (email: string, name: string | null, values: Partial<SenderEmail>) =>
    SenderEmail.query(db).insert({ accountId, email, name, verifiedAt: null, verificationTokenHash: null, ...values });
  const verifyToken = "a11y-sender-verification-token-0123456789abcdef";
  const expiredToken = "a11y-sender-expired-token-0123456789abcdef";
  await sender("evenements@maison-lumiere.example", "Événements", { verifiedAt: new Date("2029-10-01T09:00:00Z") });
  await sender("invitations@maison-lumiere.example", null, {
    verificationTokenHash: sha256(verifyToken),
    verificationSentAt: new Date(),
  });
  await sender("ancien@maison-lumiere.example", "Ancien", {
    verificationTokenHash: sha256(expiredToken),
    verificationSentAt: new Date(Date.now() - 72 * 60 * 60_000),
  });
  const guest = await buildGuest(db, event, {
    firstName: "Ugo",
    lastName: "Bernard",
    email: "ugo@example.com",
    unsubscribedAt: new Date(),
    mailStatus: "unsubscribed",
  });
  return { verifyToken, expiredToken, unsubscribedGuestId: guest.id };
}

interface SendersScreen {
  name: string;
  as: "overseer" | "platform" | "anonymous";
  path: (scene: { account: { id: string }; event: { id: string }; senders: SendersScene }) => string;
  reach: (page: Page) => Promise<void>;
  viewport?: { width: number; height: number };
  routes?: string[];
}

const PHONE = { width: 360, height: 740 };

const listed = async (page: Page) => {
  await page.getByTestId("sender-row").first().waitFor();
};
const heading = (name: string) => async (page: Page) => {
  await page.getByRole("heading", { name, exact: true }).first().waitFor();
};
/** The add form refusing an address the account already has ('sender email already exists'). */
const duplicateRefused = async (page: Page) => {
  await listed(page);
  await page.getByRole("button", { name: web.senders.create, exact: true }).click();
  await page.getByRole("textbox", { name: web.senders.email }).fill("evenements@maison-lumiere.example");
  await page.getByRole("button", { name: web.senders.createSubmit, exact: true }).click();
  await page.getByText(resources.en.errors.sender_email_exists, { exact: true }).waitFor();
};
const deleteConfirmation = async (page: Page) => {
  await listed(page);
  await page
    .getByRole("button", { name: web.senders.actionsOf.replace("{{email}}", "ancien@maison-lumiere.example") })
    .click();
  await page.getByRole("menuitem", { name: web.common.delete }).click();
  await page.getByRole("dialog", { name: web.senders.deleteTitle }).waitFor();
};
const unlockConfirmation = async (page: Page) => {
  await page.getByTestId("guest-unsubscribed").waitFor();
  await page.getByRole("button", { name: web.guests.detail.unlockEmail, exact: true }).click();
  await page.getByRole("dialog", { name: web.guests.detail.unlockTitle }).waitFor();
};

/** The account's senders (its overseers; platform administrators per account), the link's page, a guest's unlock. */
export const SENDER_SCREENS: SendersScreen[] = [
  { name: "senders", as: "overseer", path: () => "/manage/senders", reach: listed, routes: ["senders"] },
  { name: "senders, phone", as: "overseer", path: () => "/manage/senders", reach: listed, viewport: PHONE },
  { name: "senders, add one already there", as: "overseer", path: () => "/manage/senders", reach: duplicateRefused },
  { name: "senders, delete (confirmation)", as: "overseer", path: () => "/manage/senders", reach: deleteConfirmation },
  {
    name: "platform: an account's senders",
    as: "platform",
    path: ({ account }) => `/manage/platform/accounts/${account.id}/senders`,
    reach: listed,
    routes: ["accounts/:accountId/senders"],
  },
  {
    name: "sender verification page",
    as: "anonymous",
    path: ({ senders }) => `/senders/verify/${senders.verifyToken}`,
    reach: heading(web.public.senderVerify.title),
    routes: ["/senders/verify/:token"],
  },
  {
    name: "sender verification page, phone, in Spanish",
    as: "anonymous",
    path: ({ senders }) => `/es/senders/verify/${senders.verifyToken}`,
    reach: heading(es.public.senderVerify.title),
    viewport: PHONE,
  },
  {
    name: "sender verification page, expired link",
    as: "anonymous",
    path: ({ senders }) => `/senders/verify/${senders.expiredToken}`,
    reach: heading(web.public.senderVerify.expiredTitle),
  },
  {
    name: "a guest unsubscribed from emails: unlock (confirmation)",
    as: "overseer",
    path: ({ event, senders }) => `/manage/events/${event.id}/guests/view/${senders.unsubscribedGuestId}`,
    reach: unlockConfirmation,
  },
];
