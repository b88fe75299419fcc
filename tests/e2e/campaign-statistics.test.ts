import { resources } from "@tessera/shared";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seedDemoCampaigns } from "../../api/src/seed/campaigns.ts";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { buildCampaign, buildRecipient } from "../helpers/campaigns.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { buildGuest } from "../helpers/guests.ts";
import { screenshotFor } from "./pages/screenshots.ts";

const web = resources.en.web;
const figures = web.statistics.campaigns.figures;

/** The number on the card labelled `label` (its first line under the label). */
async function figure(page: Page, label: string): Promise<string> {
  const card = page.getByRole("group", { name: label, exact: true });
  await card.waitFor();
  return (await card.locator("p").nth(1).innerText()).trim();
}

/**
 * The demo's save the date (issue 15 item 8), sent a week ago to twelve guests: eight opened it, three clicked,
 * a privacy proxy opened three (one of whom never read it). An organizer opens the event's Statistics →
 * Campaigns, then the campaign: its figures with machines' opens apart (and what they are, in a tooltip), the
 * chart from recipients to clicks, the opens and clicks over time, its link, the recipients kept to those who
 * clicked; the Deliverability tab's totals and chart; the account's Mail history with the credits used.
 * `E2E_SHOTS=/tmp/shots` keeps a screenshot of each screen.
 */
describe.skipIf(!shouldRunE2e()).each(databaseKinds())("a campaign's statistics on %s", (kind) => {
  const e2e = useE2eEnvironment({ kind });

  it("shows people's opens and clicks apart from machines', as figures, charts and tables", async () => {
    const { server, browser } = e2e;
    const { organizer, event } = await buildOrganizerEvent(
      server,
      { email: "nora@example.com", firstName: "Nora", lastName: "Petit" },
      { name: "Demo Conference", timezone: "Europe/Paris" },
    );
    for (let index = 0; index < 12; index++) {
      await buildGuest(server.db, event, {
        firstName: `Guest ${String(index + 1).padStart(2, "0")}`,
        lastName: "Demo",
        email: `guest${index + 1}@example.org`,
        status: "confirmed",
      });
    }
    await server.db.transaction((trx) => seedDemoCampaigns(trx, event, organizer.id, new Date()));

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await screenshotOnFailure(page, `campaign-statistics-${kind}`, async () => {
      await signInAs(page, server.baseUrl, "nora@example.com", `/manage/events/${event.id}/statistics`);
      await page.getByRole("tab", { name: web.statistics.tabs.campaigns, exact: true }).click();
      await page.waitForURL((url) => url.pathname.endsWith("/statistics/campaigns"));
      // Only the sent campaign is listed (the draft invitation is not), with its headline rates.
      const headlines = page.getByTestId("campaign-headline");
      await headlines.first().waitFor();
      expect(await headlines.count()).toBe(1);
      await expect.poll(() => headlines.first().innerText()).toContain("66.7%");
      await screenshotFor(page, `campaign-statistics-list-${kind}`);

      await page.getByRole("link", { name: "Save the date", exact: true }).click();
      await page.waitForURL(/\/statistics\/campaigns\/[0-9a-f-]{36}$/);
      expect(await figure(page, figures.recipients)).toBe("12");
      expect(await figure(page, figures.sent)).toBe("12");
      expect(await figure(page, figures.delivered)).toBe("12");
      expect(await figure(page, figures.openedByPeople)).toBe("8");
      expect(await figure(page, figures.clicked)).toBe("3");
      expect(await figure(page, figures.machineOpens)).toBe("3");
      const machineCard = page.getByRole("group", { name: figures.machineOpens, exact: true });
      expect(await machineCard.innerText()).toContain("1 recipient opened by machines only");
      // The people's open rate leaves machines out: 8 of 12 delivered.
      expect(await page.getByTestId("campaign-figure-openedByPeople").innerText()).toContain("66.7% of delivered");
      // What machine opens are, said by the "i" (as its description, and in a tooltip).
      const about = page.getByRole("button", { name: figures.machineHelpLabel });
      await about.hover();
      await page
        .getByRole("tooltip")
        .getByText(/privacy proxies/)
        .waitFor();
      await page.keyboard.press("Escape");

      // The charts are drawn, and their figures are in tables for screen readers.
      await page.getByTestId("campaign-funnel").locator(".recharts-bar-rectangle").first().waitFor();
      const timeline = page.getByTestId("campaign-timeline");
      await timeline.locator(".recharts-line").first().waitFor();
      expect(await timeline.innerText()).toContain(web.statistics.campaigns.timeline.every.hour);
      const opens = await page
        .getByRole("table", { name: web.statistics.campaigns.timeline.title })
        .locator("tbody tr")
        .evaluateAll((rows) => rows.map((row) => Number(row.querySelectorAll("td")[0]?.textContent ?? 0)));
      expect(opens.reduce((sum, count) => sum + count, 0)).toBe(8);
      const link = page.getByTestId("campaign-link");
      expect(await link.count()).toBe(1);
      // The demo's save the date's button to the guest area, named as the editor's merge tags are.
      expect(await link.locator("th").innerText()).toBe("Guest portal link");
      expect(await link.locator("td").first().innerText()).toBe("3");

      // The recipients, kept to those who clicked.
      const rows = page.getByTestId("campaign-recipient-row");
      await expect.poll(() => rows.count()).toBe(12);
      await page.getByLabel(web.statistics.campaigns.recipients.status, { exact: true }).first().click();
      await page.getByRole("option", { name: web.guests.mailStatus.clicked, exact: true }).click();
      await expect.poll(() => rows.count()).toBe(3);
      for (const row of await rows.all()) {
        expect((await row.getByRole("cell").nth(2).innerText()).toLowerCase()).toBe("clicked");
      }
      await screenshotFor(page, `campaign-statistics-detail-${kind}`);

      // The event's deliverability: the totals and the day it went.
      await page.getByRole("tab", { name: web.statistics.tabs.deliverability, exact: true }).click();
      await page.waitForURL((url) => url.pathname.endsWith("/statistics/deliverability"));
      const sent = page.getByRole("group", { name: web.statistics.deliverability.figures.sent, exact: true });
      await sent.waitFor();
      expect(await sent.locator("p").nth(1).innerText()).toBe("12");
      await page.getByTestId("deliverability-days").locator(".recharts-bar-rectangle").first().waitFor();
      await screenshotFor(page, `campaign-statistics-deliverability-${kind}`);

      // The account's mail history: the campaign, its event and the twelve credits it used.
      await page.getByRole("link", { name: web.nav.mailHistory }).click();
      await page.waitForURL((url) => url.pathname.endsWith("/manage/mail-history"));
      const history = page.getByTestId("mail-history-row");
      await history.first().waitFor();
      expect(await history.count()).toBe(1);
      const cells = await history.first().locator("th, td").allInnerTexts();
      expect(cells[1]).toBe("Demo Conference");
      expect(cells[3]).toBe("12");
      expect(cells[4]).toBe("12");
      await screenshotFor(page, `campaign-statistics-mail-history-${kind}`);
    });
    await context.close();
  });

  it("follows a campaign while it is being sent, without reloading", async () => {
    const { server, browser } = e2e;
    const { event } = await buildOrganizerEvent(server, { email: "olga@example.com" }, { timezone: "Europe/Paris" });
    const startedAt = new Date(Date.now() - 60_000);
    const campaign = await buildCampaign(server.db, event, {
      name: "Reminder",
      type: "reminder",
      state: "sending",
      startedAt,
      // Its ledger written, and no credit in the account: the server's own sender, taking up sends, waits.
      ledgerFilledAt: startedAt,
      recipientsCount: 2,
    });
    const guests = await Promise.all(
      ["ana", "bob"].map((name) => buildGuest(server.db, event, { firstName: name, email: `${name}@example.org` })),
    );
    const [ana, bob] = await Promise.all(guests.map((guest) => buildRecipient(server.db, campaign, guest, "queued")));
    await server.db("campaignRecipients").where({ id: ana!.id }).update({ status: "sent", sentAt: startedAt });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await screenshotOnFailure(page, `campaign-statistics-sending-${kind}`, async () => {
      await signInAs(
        page,
        server.baseUrl,
        "olga@example.com",
        `/manage/events/${event.id}/statistics/campaigns/${campaign.id}`,
      );
      await page.getByTestId("campaign-sending").waitFor();
      expect(await figure(page, figures.sent)).toBe("1");
      // The sender goes on: Bob's message leaves, the send ends; the screen follows within seconds.
      await server.db("campaignRecipients").where({ id: bob!.id }).update({ status: "sent", sentAt: new Date() });
      await server.db("campaigns").where({ id: campaign.id }).update({ state: "sent", finishedAt: new Date() });
      await expect.poll(() => figure(page, figures.sent), { timeout: 10_000 }).toBe("2");
      await page.getByTestId("campaign-sending").waitFor({ state: "detached" });
    });
    await context.close();
  });
});
