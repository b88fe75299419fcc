import { resources } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { screenshotOnFailure, shouldRunE2e } from "../helpers/browser.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { seriousAxeViolations, settle } from "../helpers/deskPage.ts";
import { buildOrganizerEvent, signInAs, useE2eEnvironment } from "../helpers/e2e.ts";
import { TicketingPages } from "./pages/TicketingPages.ts";
import { screenshotFor } from "./pages/screenshots.ts";

const web = resources.en.web;

/**
 * Issue 14, item 7 (the Tickets screen): an organizer creates two categories, moves the second above the first
 * with the keyboard, creates a ticket whose price period is priced after taxes and sees the price before taxes it
 * derives, saves it, and finds the order and the ticket after a reload; axe finds nothing serious on the screen
 * or in the ticket's drawer.
 */
describe.skipIf(!shouldRunE2e()).each(databaseKinds())("the Tickets screen on %s", (kind) => {
  const e2e = useE2eEnvironment({ kind });

  it("orders categories by keyboard and creates a ticket priced after taxes", async () => {
    const { server, browser } = e2e;
    const { event, organizer } = await buildOrganizerEvent(server, { email: "tina@example.com" });
    // axe-core is added as a script of the page: the Content-Security-Policy would refuse it.
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, bypassCSP: true });
    const page = await context.newPage();
    const ticketing = new TicketingPages(page, `/manage/events/${event.id}/ticketing`);

    await screenshotOnFailure(page, `ticketing-tickets-${kind}`, async () => {
      await signInAs(page, server.baseUrl, organizer.email, ticketing.base);
      await page.getByText(web.ticketing.categories.empty, { exact: true }).waitFor();
      // Only the tab that is built is shown.
      expect(await page.getByRole("tab").filter({ hasText: web.ticketing.tabs.tickets }).count()).toBe(1);

      await ticketing.createCategory("Adults");
      await ticketing.createCategory("Students");
      expect(await ticketing.categoryNames()).toEqual(["Adults", "Students"]);

      await ticketing.moveSecondCategoryToTop("Students", 2);
      await expect.poll(() => ticketing.categoryNames()).toEqual(["Students", "Adults"]);

      // A ticket at 20 % VAT, 12.00 after taxes: 10.00 before taxes.
      await ticketing.button(web.ticketing.tickets.create).click();
      const drawer = ticketing.ticketDrawer();
      await drawer.getByLabel(web.ticketing.tickets.caption).fill("Full pass");
      expect(await drawer.getByLabel(web.ticketing.tickets.taxRate).inputValue()).toBe("20");
      await drawer.getByLabel(web.ticketing.periods.priceIncl).fill("12.00");
      await drawer.getByTestId("derived-price").filter({ hasText: "Price before taxes: €10.00" }).waitFor();
      await settle(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotFor(page, `ticketing-tickets-drawer-${kind}`);
      await ticketing.button(web.ticketing.tickets.create, drawer).click();
      await drawer.waitFor({ state: "detached" });

      await page.reload();
      await ticketing.ticketRow("Full pass").filter({ hasText: "€12.00" }).waitFor();
      expect(await ticketing.categoryNames()).toEqual(["Students", "Adults"]);
      await settle(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotFor(page, `ticketing-tickets-${kind}`);
    });
    const [ticket] = await server.db("tickets").where({ event_id: event.id });
    expect(ticket).toMatchObject({ caption: "Full pass" });
    const periods = await server.db("ticket_price_periods").where({ ticket_id: ticket.id });
    expect(periods).toMatchObject([{ priceInclTaxCents: 1200, priceExclTaxCents: 1000 }]);
    await context.close();
  });
});
