import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CampaignRecipient } from "../../api/src/models/CampaignRecipient.ts";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { SECONDS_AFTER_SEND } from "../../api/src/campaigns/tracking/classify.ts";
import { creditsPack } from "../helpers/credits.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { buildGuest } from "../helpers/guests.ts";
import { buildVerifiedSender } from "../helpers/senders.ts";
import { linksIn } from "../helpers/smtp.ts";

/** A desktop browser's user agent: headless Chromium says "HeadlessChrome", which the tracking counts as a machine. */
const PERSON_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** The figure of the card labelled `label` on the campaign's statistics. */
async function figure(page: Page, label: string): Promise<string> {
  const card = page.getByRole("group", { name: label, exact: true });
  await card.waitFor();
  return (await card.innerText()).replace(/[\u00a0\u202f]/g, " ");
}

/**
 * Issue 15's flow: an organizer writes an invitation with a button, previews it in Spanish, sends it to the
 * event's guests (into the test SMTP sink), a guest opens the button's link from the email, and the campaign's
 * statistics show the click (a person's, not a scanner's).
 */
describe.skipIf(!shouldRunE2e())("an invitation campaign, from writing it to its statistics", () => {
  const e2e = useE2eEnvironment();

  it("writes, previews in Spanish, sends, follows a link and sees the statistics move", async () => {
    const { server, browser } = e2e;
    const { account, event } = await buildOrganizerEvent(
      server,
      { email: "olivia@example.com", language: "en" },
      { name: "Harbour Summit", languages: ["en", "es"] },
    );
    await creditsPack(server.db, account.id, "campaign", 20);
    await buildVerifiedSender(server.db, account.id, "events@harbour.example.org");
    await buildGuest(server.db, event, { firstName: "Ada", lastName: "Lovelace", email: "ada@example.org" });
    await buildGuest(server.db, event, { firstName: "Grace", lastName: "Hopper", email: "grace@example.org" });
    await buildGuest(server.db, event, {
      firstName: "Lucía",
      lastName: "García",
      email: "lucia@example.org",
      language: "es",
    });

    const context = await browser.newContext({ locale: "en-GB", userAgent: PERSON_USER_AGENT });
    const page = await context.newPage();
    await screenshotOnFailure(page, "campaign-invitation", async () => {
      await signInAs(page, server.baseUrl, "olivia@example.com", `/manage/events/${event.id}/campaigns`);
      await page.getByRole("button", { name: "New campaign" }).click();
      const modal = page.getByRole("dialog");
      await modal.getByRole("textbox", { name: "Name" }).fill("Invitation to the summit");
      await modal.getByRole("combobox", { name: "Type" }).click();
      await page.getByRole("option", { name: "Invitation", exact: true }).click();
      await modal.getByRole("button", { name: "Create and edit" }).click();

      // The editor: the invitation's template, a sender, a button of our own, a Spanish version.
      await page.getByRole("textbox", { name: "Subject" }).waitFor();
      await page.getByRole("textbox", { name: "Subject" }).fill("Join us at {{eventName}}, {{firstName}}");
      await page.getByRole("textbox", { name: "From name" }).fill("Harbour Summit");
      await chooseSender(page, "events@harbour.example.org");
      await page.getByRole("button", { name: "Add a block" }).click();
      await page.getByRole("menuitem", { name: "Button", exact: true }).click();
      const button = page.locator('[data-testid="campaign-block"][data-block-type="button"]').last();
      await button.getByRole("textbox", { name: "Button label" }).fill("See the programme");
      await button.getByRole("textbox", { name: "Target url" }).fill("{{portalLink}}");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Campaign saved.").waitFor();
      // A language added comes from the type's template in that language, saved at once.
      await page.getByRole("button", { name: "Add a language" }).click();
      await page.getByRole("menuitem", { name: "Español" }).click();
      await page.getByRole("tab", { name: "Español" }).waitFor();
      await page.getByText("Está invitado/a", { exact: false }).first().waitFor();

      // The preview in Spanish.
      await page.getByRole("tab", { name: "Preview" }).click();
      await page
        .locator("label")
        .filter({ hasText: /^Español$/ })
        .click();
      const frame = page.frameLocator('iframe[title="The email in Español"]');
      await frame.getByText("Está invitado/a").first().waitFor();
      await frame.getByRole("link", { name: "Inscribirme" }).waitFor();

      // Summary and send: to the three guests, three credits.
      await page.getByRole("tab", { name: "Summary & send" }).click();
      await page.getByRole("button", { name: "Send now" }).click();
      const confirm = page.getByRole("dialog");
      await confirm.getByRole("button", { name: "Send now" }).click();
      await page.getByText(/^Sent on /).waitFor({ timeout: 30_000 });
    });

    // Lucía gets the Spanish version; Ada the English one, with our button through the click redirect.
    const toLucia = await server.mailbox.waitFor("lucia@example.org", { timeoutMs: 15_000 });
    expect(toLucia.subject).toBe("Join us at Harbour Summit, Lucía");
    expect(toLucia.text).toContain("Inscribirme");
    const toAda = await server.mailbox.waitFor("ada@example.org", { timeoutMs: 15_000 });
    expect(toAda.html).toContain("See the programme");
    const recipient = await CampaignRecipient.query(server.db).findOne({ email: "ada@example.org" });
    const tracked = linksIn(toAda).filter((link) => link.includes(`/api/v1/mail/c/${recipient!.token}/`));
    expect(tracked.length).toBeGreaterThan(0);

    // Ada reads her email a little later (a scanner would fetch it on arrival) and follows the programme link.
    const sentAt = recipient!.sentAt!.getTime();
    const wait = sentAt + (SECONDS_AFTER_SEND + 1) * 1000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const guestPage = await (await browser.newContext({ userAgent: PERSON_USER_AGENT })).newPage();
    const programmeLink = tracked.find((link) => toAda.html && linkLabelled(toAda.html, link, "See the programme"));
    await guestPage.goto(programmeLink ?? tracked[0]!);
    expect(new URL(guestPage.url()).pathname).toMatch(/\/portal/);

    // The statistics show a person's click.
    await screenshotOnFailure(page, "campaign-invitation-statistics", async () => {
      await page.getByRole("link", { name: "See the campaign's statistics" }).click();
      await page.waitForURL(/\/statistics\/campaigns\//);
      expect(await figure(page, "Clicked")).toMatch(/\b1\b/);
      expect(await figure(page, "Sent")).toMatch(/\b3\b/);
    });
  });
});

/** The From email of the campaign: a select of the account's verified senders. */
async function chooseSender(page: Page, email: string): Promise<void> {
  await page.getByRole("combobox", { name: "From email" }).click();
  await page.getByRole("option", { name: email }).click();
}

/** Whether `link` is the href of the anchor whose text is `label` in the HTML. */
function linkLabelled(html: string, link: string, label: string): boolean {
  const at = html.indexOf(`href="${link.replace(/&/g, "&amp;")}"`);
  return at >= 0 && html.slice(at, at + 2000).includes(label);
}
